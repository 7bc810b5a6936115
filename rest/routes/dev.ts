import { AppError } from "../../server/errors";
import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { requireSession } from "./session";

/**
 * POST /api/dev/personal-key (SPEC 4.6 step 4). Besides the Origin check every cookie route
 * gets, it insists on a JSON content type: a cross-site form cannot send one without a
 * CORS preflight, which this service never grants.
 */
export async function personalKey(ctx: RequestContext) {
  await requireSession(ctx);
  if (!(ctx.header("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    throw new AppError("BAD_REQUEST", "Content-Type must be application/json");
  }
  const caller = await ctx.caller();
  return json(await caller.dev.personalKey(), 200, { "cache-control": "no-store" });
}
