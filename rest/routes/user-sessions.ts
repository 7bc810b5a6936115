import { AppError } from "../../server/platform/errors";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { requireSession } from "./session";

/** `/api/user/sessions…`: "Where you're signed in" (docs/decisions/046), through the dashboard's procedures. */
export async function list(ctx: RequestContext) {
  await requireSession(ctx);
  return json(await (await ctx.caller()).sessions.list(), 200, { "cache-control": "no-store" });
}

export async function revoke(ctx: RequestContext) {
  await requireSession(ctx);
  await (await ctx.caller()).sessions.revoke({ sessionId: decodePathSegment(ctx.params.sessionId ?? "") });
  return noContent();
}

export const OTHERS_ONLY_MESSAGE = 'scope must be "others": this session ends at DELETE /api/user/sessions/{id}';

/** The scope is spelled out, as in GoTrue's `/logout?scope=others`: a bare DELETE of the collection ends nothing. */
export async function revokeOthers(ctx: RequestContext) {
  await requireSession(ctx);
  if (ctx.url.searchParams.get("scope") !== "others") throw new AppError("BAD_REQUEST", OTHERS_ONLY_MESSAGE);
  return json(await (await ctx.caller()).sessions.revokeOthers());
}
