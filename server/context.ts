import type { EntityManager } from "@mikro-orm/postgresql";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { SessionUser } from "./identity/session-cache";

export interface Context {
  /** A fresh EntityManager fork for this request, created on first use. */
  readonly em: EntityManager;
  readonly session: SessionUser | null;
  readonly requestId: string;
}

/**
 * tRPC's `createContextInner`: everything a procedure may touch, built from plain values
 * so the REST edge, Remix loaders and tests create it the same way.
 */
export function createContextInner(options: { orm: MikroORM; session: SessionUser | null; requestId: string }): Context {
  let em: EntityManager | undefined;
  return {
    get em() {
      em ??= options.orm.em.fork();
      return em;
    },
    session: options.session,
    requestId: options.requestId,
  };
}
