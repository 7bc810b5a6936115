import { AppError } from "../../server/platform/errors";
import { readJsonObject } from "../body";
import { bearerFrom } from "../bearer";
import { invalidBearer } from "../../server/platform/errors";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { requireSession } from "./session";

/**
 * POST /api/dev/personal-key (SPEC 4.6 step 4). Besides the Origin check every cookie route
 * gets, it insists on a JSON content type: a cross-site form cannot send one without a
 * CORS preflight, which this service never grants.
 */
export async function personalKey(ctx: RequestContext) {
  await requireSession(ctx);
  requireJson(ctx);
  const caller = await ctx.caller();
  return json(await caller.dev.personalKey(), 200, { "cache-control": "no-store" });
}

/**
 * POST /api/dev/personal-key/revoke `{ apiKey }`: the bootstrap page revokes the key it just
 * minted when the CLI's listener could not be reached (issue 9 section 2). Same guards as the
 * minting: session cookie, same origin, JSON only. 204, or 404 `Key not found`.
 */
export async function revokePersonalKey(ctx: RequestContext) {
  await requireSession(ctx);
  requireJson(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  await caller.dev.revokeUndeliveredKey({ apiKey: body.apiKey as string });
  return noContent();
}

function requireJson(ctx: RequestContext): void {
  if (!(ctx.header("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    throw new AppError("BAD_REQUEST", "Content-Type must be application/json");
  }
}

/**
 * POST /api/dev/device-key (issue 15, docs/decisions/051): `svc login --device` trades the
 * access token its approved device grant gave it for a CLI key. The token is the only
 * credential: no cookie, so no Origin rule; a token of another client is refused like none.
 */
export async function deviceKey(ctx: RequestContext) {
  const token = bearerFrom((name) => ctx.header(name));
  if (!token) throw invalidBearer();
  const caller = await ctx.caller();
  return json(await caller.dev.deviceKey({ accessToken: token }), 200, { "cache-control": "no-store" });
}
