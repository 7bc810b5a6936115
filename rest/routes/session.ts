import { unauthorized } from "../../server/errors";
import type { SessionUser } from "../../server/identity/session-cache";
import { sessionStatus } from "../../server/identity/sessions";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

const statusResponse = (user: SessionUser | null) => json(sessionStatus(user), 200, { "cache-control": "no-store" });

/**
 * SPEC 4.4: always 200 and never cached; only the session cookie counts, never a Bearer
 * header. The hottest path of the service: a cached or absent cookie is answered
 * synchronously, with the same `sessionStatus` the `auth.me` procedure returns but without
 * the tRPC call machinery (measured: 14k → 23k req/s; see docs/decisions/003).
 */
export function authMe(ctx: RequestContext): Response | Promise<Response> {
  const known = ctx.knownSession();
  if (known !== undefined) return statusResponse(known);
  return ctx.resolveSession().then((resolved) => statusResponse(resolved?.user ?? null));
}

export async function requireSession(ctx: RequestContext): Promise<SessionUser> {
  const resolved = await ctx.resolveSession();
  if (!resolved) throw unauthorized();
  return resolved.user;
}
