import { readJsonObject } from "../body";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { sessionOrKey } from "../session-or-key";

/**
 * `/api/apps/{appId}/oauth-clients…`: the OAuth clients registered on an app's page (ADR 050).
 * Each handler calls the dashboard's own procedure, so who may do what is decided in one place.
 */
const NO_STORE = { "cache-control": "no-store" };
const appId = (ctx: RequestContext) => decodePathSegment(ctx.params.appId ?? "");
const clientId = (ctx: RequestContext) => decodePathSegment(ctx.params.clientId ?? "");

export async function list(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json(await (await ctx.caller()).oauthClients.list({ appId: appId(ctx) }), 200, NO_STORE);
}

/** The answer holds the secret: never stored by a cache. */
export async function create(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).oauthClients.create({ ...body, appId: appId(ctx) } as never), 201, NO_STORE);
}

export async function rotateSecret(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json(await (await ctx.caller()).oauthClients.rotateSecret({ appId: appId(ctx), clientId: clientId(ctx) }), 200, NO_STORE);
}

export async function remove(ctx: RequestContext) {
  await sessionOrKey(ctx);
  await (await ctx.caller()).oauthClients.delete({ appId: appId(ctx), clientId: clientId(ctx) });
  return noContent();
}
