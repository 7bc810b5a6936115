import { findAppError, unauthorized } from "../../server/platform/errors";
import { type SessionKeyMemo, type SessionUser, cachedSession, sessionFromVerifiedCookie, sessionStatus, readSessionCookie } from "../../server/identity";
import { plainJson, toResponse, type HeaderReader, type PlainAnswer } from "../plain-answer";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

const NO_STORE = { "cache-control": "no-store" };
const statusResponse = (user: SessionUser | null) => json(sessionStatus(user), 200, NO_STORE);

/**
 * The session check from the cache alone: an absent or cached cookie needs no I/O. Same
 * `sessionStatus` the `auth.me` procedure returns, without the tRPC call machinery.
 */
export function authMeFast(header: HeaderReader, sessionKeys?: SessionKeyMemo): PlainAnswer | undefined {
  const known = cachedSession(readSessionCookie(header("cookie")), sessionKeys);
  return known === undefined ? undefined : plainJson(sessionStatus(known), NO_STORE);
}

/**
 * SPEC 4.4: always 200 and never cached; only the session cookie counts, never a Bearer
 * header. The hottest path of the service (see docs/decisions/003).
 */
export function authMe(ctx: RequestContext): Response | Promise<Response> {
  const fast = authMeFast((name) => ctx.header(name));
  if (fast) return toResponse(fast);
  return ctx.resolveSession().then(
    (resolved) => statusResponse(resolved?.user ?? null),
    async (error: unknown) => {
      // The session store is unreachable: still 200 (SPEC 4.4), from the verified cookie.
      if (findAppError(error)?.code !== "SERVICE_UNAVAILABLE") throw error;
      return statusResponse(await sessionFromVerifiedCookie(ctx.sessionCookie));
    },
  );
}

export async function requireSession(ctx: RequestContext): Promise<SessionUser> {
  const resolved = await ctx.resolveSession();
  if (!resolved) throw unauthorized();
  return resolved.user;
}
