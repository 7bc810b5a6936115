import { readJsonObject } from "../body";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { sessionOrKey } from "../session-or-key";

/** `/api/webhooks…`: the workspace's webhook endpoints, through the dashboard's procedures. */
const NO_STORE = { "cache-control": "no-store" };
const endpointId = (ctx: RequestContext) => decodePathSegment(ctx.params.endpointId ?? "");

export async function list(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json({ endpoints: await (await ctx.caller()).webhooks.list() }, 200, NO_STORE);
}

/** The only answer that shows the secret: never cached. */
export async function create(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).webhooks.create(body as never), 201, NO_STORE);
}

export async function get(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json(await (await ctx.caller()).webhooks.get({ endpointId: endpointId(ctx) }), 200, NO_STORE);
}

export async function update(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).webhooks.update({ ...(body as object), endpointId: endpointId(ctx) } as never), 200, NO_STORE);
}

export async function remove(ctx: RequestContext) {
  await sessionOrKey(ctx);
  await (await ctx.caller()).webhooks.delete({ endpointId: endpointId(ctx) });
  return noContent();
}

export async function deliveries(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json({ deliveries: await (await ctx.caller()).webhooks.deliveries({ endpointId: endpointId(ctx) }) }, 200, NO_STORE);
}

export async function resend(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const delivery = await (await ctx.caller()).webhooks.resend({ endpointId: endpointId(ctx), deliveryId: decodePathSegment(ctx.params.deliveryId ?? "") });
  return json(delivery, 202, NO_STORE);
}

/** A new secret, shown this once: never cached. */
export async function rotateSecret(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).webhooks.rotateSecret({ ...(body as object), endpointId: endpointId(ctx) } as never), 200, NO_STORE);
}
