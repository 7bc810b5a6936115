import type { EntityManager } from "@mikro-orm/postgresql";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { SessionUser } from "../identity";
import type { AppKeyPrincipal } from "../keys";
import { setRequestActor } from "../platform/request-scope";

export interface Context {
  /** A fresh EntityManager fork for this request, created on first use. */
  readonly em: EntityManager;
  readonly session: SessionUser | null;
  /** The `svc_sk_` key the request authenticated with, if any. */
  readonly appKey: AppKeyPrincipal | null;
  readonly requestId: string;
  /** The client's IP address as the socket saw it; null when the host does not pass one. */
  readonly clientAddress: string | null;
  /** The workspace chosen in the dashboard's switcher (a preference; membership is checked). */
  readonly preferredTenantId: string | null;
}

/**
 * tRPC's `createContextInner`: everything a procedure may touch, built from plain values
 * so the REST edge, Remix loaders and tests create it the same way.
 */
export function createContextInner(options: {
  orm: MikroORM;
  session: SessionUser | null;
  appKey?: AppKeyPrincipal | null;
  requestId: string;
  clientAddress?: string | null;
  preferredTenantId?: string | null;
}): Context {
  let em: EntityManager | undefined;
  // The audit log records every change this request makes as made by this actor.
  if (options.appKey) setRequestActor({ type: "key", id: options.appKey.keyId, name: options.appKey.name });
  else if (options.session) setRequestActor({ type: "person", id: options.session.userId, email: options.session.email });
  return {
    get em() {
      em ??= options.orm.em.fork();
      return em;
    },
    session: options.session,
    appKey: options.appKey ?? null,
    requestId: options.requestId,
    clientAddress: options.clientAddress ?? null,
    preferredTenantId: options.preferredTenantId ?? null,
  };
}
