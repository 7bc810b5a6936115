import { invalidBearer } from "../server/platform/errors";
import { APP_KEY_PREFIX, cachedAppKey, lookUpAppKey, type AppKeyPrincipal } from "../server/keys";
import { getRuntime, startedRuntime } from "../server/start";
import type { HeaderReader } from "./plain-answer";
import type { RequestContext } from "./request-context";

/**
 * The token of the one `Authorization: Bearer <token>` header, or null. Two Authorization
 * headers arrive joined by a comma and match nothing, so they are refused too.
 */
export function bearerFrom(header: HeaderReader): string | null {
  const value = header("authorization");
  if (!value) return null;
  const match = /^Bearer ([^\s,]+)$/i.exec(value.trim());
  return match ? match[1]! : null;
}

/** SPEC 5: anything not starting with `svc_sk_` is refused before any lookup. */
export function presentedAppKey(ctx: RequestContext): string {
  const token = bearerFrom((name) => ctx.header(name));
  if (!token || !token.startsWith(APP_KEY_PREFIX)) throw invalidBearer();
  return token;
}

/** A cached key without I/O: the principal, or undefined when only the database can tell. */
export function knownAppKey(token: string): AppKeyPrincipal | undefined {
  const runtime = startedRuntime();
  return runtime ? cachedAppKey(runtime.orm, token) : undefined;
}

/**
 * The principal of the request's `svc_sk_` key, or 401 (SPEC 5: any other token is refused
 * before a lookup). A key not in the cache costs a lookup, so an address that keeps
 * presenting unknown keys is refused (429) before looking, see auth-rate-limits.ts.
 * Header-based, so the raw Node paths (the provider proxy) use it too.
 */
export async function authenticateBearer(header: HeaderReader, clientAddress: string | null): Promise<AppKeyPrincipal> {
  return authenticateKeyToken(bearerFrom(header), clientAddress);
}

/** The same rule for a token that did not come in an Authorization header (the shell broker's). */
export async function authenticateKeyToken(token: string | null | undefined, clientAddress: string | null): Promise<AppKeyPrincipal> {
  if (!token || !token.startsWith(APP_KEY_PREFIX)) throw invalidBearer();
  const known = knownAppKey(token);
  if (known) return known;
  const { orm } = await getRuntime();
  const principal = await lookUpAppKey(orm, token, clientAddress);
  if (!principal) throw invalidBearer();
  return principal;
}

/** The key's principal or 401; the request's tRPC caller then carries the key. */
export async function requireAppKey(ctx: RequestContext): Promise<AppKeyPrincipal> {
  presentedAppKey(ctx);
  const principal = await authenticateBearer((name) => ctx.header(name), ctx.clientAddress);
  ctx.useAppKey(principal);
  return principal;
}
