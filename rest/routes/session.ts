import { unauthorized } from "../../server/errors";
import type { SessionUser } from "../../server/identity/session-cache";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

/** SPEC 4.4: always 200 and never cached; only the session cookie counts, never a Bearer header. */
export async function authMe(ctx: RequestContext): Promise<Response> {
  const caller = await ctx.caller();
  return json(await caller.auth.me(), 200, { "cache-control": "no-store" });
}

export async function requireSession(ctx: RequestContext): Promise<SessionUser> {
  const resolved = await ctx.resolveSession();
  if (!resolved) throw unauthorized();
  return resolved.user;
}
