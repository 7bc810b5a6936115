import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { verifyAccessToken } from "./access-tokens";
import { InvalidIdentityTokenError } from "./tokens/identity-tokens";
import { revokeSessionByRefreshToken } from "./session-ending";
import { sessionStanding, type SecondFactorStanding } from "./session-standing";
import { identityProvider } from "./provider";
import { SessionCache, type SessionKeyMemo, type SessionUser } from "./session-cache";
import { decodeSessionCookie, sessionSetCookie } from "./session-cookie";
import { isListening } from "../platform/db/notifications";
import { isDatabaseUnavailable } from "../platform/db/availability";
import { serviceUnavailable } from "../platform/errors";
import { IdentityError } from "./provider-types";
import { sessionCache } from "./session-revocations";
import { noteSessionActivity } from "./devices/session-activity";

export type { SessionUser } from "./session-cache";

export interface ResolvedSession {
  user: SessionUser;
  /** Set when the access token was refreshed: the caller must send this cookie back. */
  setCookie?: string;
}

/**
 * The answer without any I/O, when there is one: null for no cookie, the user for a cached
 * cookie, undefined when only `resolveSession` can tell. `keys`, the connection's memo, spares
 * hashing the cookie its previous request sent.
 */
export function cachedSession(cookieValue: string | undefined, keys?: SessionKeyMemo): SessionUser | null | undefined {
  if (!cookieValue) return null;
  return sessionCache.get(keys ? keys.keyFor(cookieValue) : SessionCache.keyFor(cookieValue));
}

/**
 * The body of the session check (SPEC 4.4), shared by `auth.me` and the REST fast path. A
 * session still owing its second factor is not signed in yet: `loggedIn: false` (ADR 049).
 */
export function sessionStatus(user: SessionUser | null) {
  return user && user.secondFactor !== "pending"
    ? { loggedIn: true as const, userId: user.userId, email: user.email }
    : { loggedIn: false as const, userId: null, email: null };
}

/**
 * Turns a session cookie into a signed-in user, or null for anything invalid, expired or
 * revoked. Cache hit: one hash and a Map lookup. Miss: one signature check plus, with the
 * built-in provider, one indexed lookup that the session is still live and where it stands
 * on the second factor. A session that owes its second factor counts as no session, except
 * for the one caller that asks for it (`allowPending`: the second sign-in page, ADR 049).
 */
export async function resolveSession(
  cookieValue: string | undefined,
  em: () => EntityManager,
  options: { allowPending?: boolean } = {},
): Promise<ResolvedSession | null> {
  const resolved = await resolveAnySession(cookieValue, em);
  if (resolved?.user.secondFactor === "pending" && !options.allowPending) return null;
  return resolved;
}

/**
 * resolveSession for the edge (rest/request-context.ts), which holds the runtime's ORM but no
 * EntityManager (ADR 069): one is forked only when the session is not cached. It hands back
 * resolveSession's own promise, adding no await to the hot path.
 */
export function resolveSessionFrom(orm: MikroORM, cookieValue: string | undefined, options: { allowPending?: boolean } = {}): Promise<ResolvedSession | null> {
  let em: EntityManager | undefined;
  return resolveSession(cookieValue, () => (em ??= orm.em.fork()), options);
}

async function resolveAnySession(cookieValue: string | undefined, em: () => EntityManager): Promise<ResolvedSession | null> {
  if (!cookieValue) return null;
  const key = SessionCache.keyFor(cookieValue);
  const cached = sessionCache.get(key);
  if (cached) {
    // Not awaited: a cached session answers without the database, and must while it is away.
    void noteActivity(em, cached.sessionId);
    return { user: cached };
  }

  const parts = decodeSessionCookie(cookieValue);
  if (!parts) return null;
  try {
    const claims = await verifyAccessToken(parts.accessToken);
    const sessionId = claims.session_id ?? null;
    const secondFactor = await standingOf(em, sessionId);
    if (!secondFactor) return null;
    const user: SessionUser = { userId: claims.sub, email: claims.email, sessionId, accessToken: parts.accessToken, secondFactor, isAnonymous: claims.is_anonymous === true };
    if (isListening()) sessionCache.set(key, user, claims.exp * 1000);
    await noteActivity(em, sessionId);
    return { user };
  } catch (error) {
    throwIfUnavailable(error);
    if (!(error instanceof InvalidIdentityTokenError && error.reason === "expired")) return null;
  }
  // The access token has expired but the provider session may live on: rotate it.
  try {
    const tokens = await identityProvider(em()).refresh(parts.refreshToken);
    const claims = await verifyAccessToken(tokens.access_token);
    const secondFactor = await standingOf(em, claims.session_id ?? null);
    if (!secondFactor) return null;
    return {
      user: { userId: claims.sub, email: claims.email, sessionId: claims.session_id ?? null, accessToken: tokens.access_token, secondFactor, isAnonymous: claims.is_anonymous === true },
      setCookie: sessionSetCookie(tokens.access_token, tokens.refresh_token),
    };
  } catch (error) {
    throwIfUnavailable(error);
    return null;
  }
}

/**
 * Null for a session the built-in provider no longer holds live. A hosted provider keeps its
 * own factors and levels: its sessions count as `none` here (ADR 049).
 */
async function standingOf(em: () => EntityManager, sessionId: string | null): Promise<SecondFactorStanding | null> {
  if (!getConfig().usesBuiltInIdentityProvider) return "none";
  return sessionId ? sessionStanding(em(), sessionId) : null;
}

/** "Last active" of the sessions list: the built-in provider's rows only (a hosted one keeps its own). */
async function noteActivity(em: () => EntityManager, sessionId: string | null): Promise<void> {
  if (getConfig().usesBuiltInIdentityProvider) await noteSessionActivity(em, sessionId);
}

/**
 * "Could not check the session" is not "no session": a database (or hosted provider) that
 * cannot be reached must not sign anyone out. Refusals (bad token, revoked session, refresh
 * token not found) still mean null.
 */
function throwIfUnavailable(error: unknown): void {
  if (isDatabaseUnavailable(error)) throw serviceUnavailable();
  if (error instanceof InvalidIdentityTokenError && error.reason === "jwks_unavailable") throw serviceUnavailable();
  if (error instanceof IdentityError && error.status >= 500) throw serviceUnavailable();
}

/**
 * The session check while the session cannot be checked (SPEC 4.4 still answers 200): the
 * access token's signature and expiry decide, with no revocation lookup. See
 * docs/decisions/007.
 */
export async function sessionFromVerifiedCookie(cookieValue: string | undefined): Promise<SessionUser | null> {
  const parts = cookieValue ? decodeSessionCookie(cookieValue) : null;
  if (!parts) return null;
  try {
    const claims = await verifyAccessToken(parts.accessToken);
    // Nothing can tell whether a second factor is owed: the token's signature is all there is.
    return { userId: claims.sub, email: claims.email, sessionId: claims.session_id ?? null, accessToken: parts.accessToken, secondFactor: "none", isAnonymous: claims.is_anonymous === true };
  } catch {
    return null;
  }
}

/**
 * Signs the session out at the provider and everywhere this service cached it. With a hosted
 * provider, which tells nobody, answers the ended session's id so the caller can end what was
 * opened from it (tool sessions); the built-in provider publishes that revocation itself.
 */
export async function endSession(cookieValue: string | undefined, em: EntityManager): Promise<{ hostedSessionId: string | null }> {
  const parts = cookieValue ? decodeSessionCookie(cookieValue) : null;
  if (!cookieValue || !parts) return { hostedSessionId: null };
  sessionCache.delete(SessionCache.keyFor(cookieValue));
  if (getConfig().usesBuiltInIdentityProvider) {
    // By refresh token, so a session whose access token already expired is still ended.
    await revokeSessionByRefreshToken(em, parts.refreshToken);
    return { hostedSessionId: null };
  }
  await identityProvider(em).logout(parts.accessToken).catch(() => undefined);
  const sessionId = (await verifyAccessToken(parts.accessToken).catch(() => null))?.session_id;
  return { hostedSessionId: sessionId ?? null };
}
