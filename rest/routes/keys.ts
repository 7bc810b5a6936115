import { readJsonObject } from "../body";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { sessionOrKey } from "../session-or-key";

/** `/api/keys…`: the API Keys panel for an external SDK, through the dashboard's procedures. */
export async function list(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json({ keys: await (await ctx.caller()).keys.list() }, 200, { "cache-control": "no-store" });
}

/** The only answer that shows the key: never cached. */
export async function create(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).keys.create(body as never), 201, { "cache-control": "no-store" });
}

export async function revoke(ctx: RequestContext) {
  await sessionOrKey(ctx);
  await (await ctx.caller()).keys.revoke({ keyId: decodePathSegment(ctx.params.keyId ?? "") });
  return noContent();
}
