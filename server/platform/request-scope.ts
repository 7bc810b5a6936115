import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import ipaddr from "ipaddr.js";
import { getConfig } from "./config";
import { cidrList } from "./security/cidr-list";

/**
 * The request a piece of work belongs to, wherever it runs (a loader, a procedure, a query's
 * error): every log line written inside carries its id, which the response returns as
 * `X-Request-Id` so a person reporting a failure can name it.
 */
const scope = new AsyncLocalStorage<{ requestId: string; origin: RequestOrigin; actor?: RequestActor }>();

/**
 * Who sent the request: the socket's address and the `User-Agent` header. A session opened
 * while serving it records both (the "Where you're signed in" list), wherever in the call the
 * session is made, without threading them through every sign-in path.
 */
export interface RequestOrigin {
  clientAddress: string | null;
  userAgent: string | null;
}

/**
 * Who the request acts as, once its credentials are known: the audit log (ADR 047) records it
 * with every change the request makes, without threading it through every service.
 */
export type RequestActor =
  | { type: "person"; id: string; email: string }
  | { type: "key"; id: string; name: string | null }
  | { type: "oauth_client"; id: string; name: string | null }
  /** A workspace's SCIM token (its directory provisioning people, ADR 080); `name` is its display prefix. */
  | { type: "scim_token"; id: string; name: string }
  | { type: "system" };

const UNKNOWN_ORIGIN: RequestOrigin = { clientAddress: null, userAgent: null };

export function runInRequestScope<T>(requestId: string, work: () => T, origin: RequestOrigin = UNKNOWN_ORIGIN): T {
  return scope.run({ requestId, origin }, work);
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

export function currentRequestOrigin(): RequestOrigin {
  return scope.getStore()?.origin ?? UNKNOWN_ORIGIN;
}

/** Set where the request's session or key is resolved; outside a request this does nothing. */
export function setRequestActor(actor: RequestActor): void {
  const store = scope.getStore();
  if (store) store.actor = actor;
}

/** The request's actor; `system` for work no request started (the background jobs). */
export function currentRequestActor(): RequestActor {
  return scope.getStore()?.actor ?? { type: "system" };
}

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A proxy in TRUSTED_PROXIES may name the request (its own `X-Request-Id`, so one id follows
 * the request through every hop); anyone else's is ignored and a new id made.
 */
export function requestIdFor(sent: string | undefined, peer: string | null): string {
  if (sent && WELL_FORMED.test(sent) && peer && isTrustedProxy(peer)) return sent;
  return randomUUID();
}

const trustedProxy = cidrList(() => getConfig().TRUSTED_PROXIES);

function isTrustedProxy(peer: string): boolean {
  try {
    return trustedProxy(ipaddr.process(peer));
  } catch {
    return false;
  }
}
