import { readJsonObject } from "../body";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { sessionOrKey } from "../session-or-key";

/**
 * `/api/apps…`: apps, their variables and allowed origins for an external SDK. Each handler
 * calls the dashboard's own procedure, so who may do what is decided in one place.
 */
const NO_STORE = { "cache-control": "no-store" };
const appId = (ctx: RequestContext) => decodePathSegment(ctx.params.appId ?? "");

export async function list(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json({ apps: await (await ctx.caller()).apps.list() }, 200, NO_STORE);
}

export async function create(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).apps.create(body as never), 201);
}

export async function get(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json(await (await ctx.caller()).apps.get({ appId: appId(ctx) }), 200, NO_STORE);
}

export async function rename(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).apps.rename({ ...body, appId: appId(ctx) } as never));
}

/** The typed confirmation travels as `?confirmName=`: a DELETE body is not something every client sends. */
export async function remove(ctx: RequestContext) {
  await sessionOrKey(ctx);
  await (await ctx.caller()).apps.remove({ appId: appId(ctx), confirmName: ctx.url.searchParams.get("confirmName") as string });
  return noContent();
}

export async function origins(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const { allowedOrigins } = await (await ctx.caller()).connections.forApp({ appId: appId(ctx) });
  return json({ allowedOrigins }, 200, NO_STORE);
}

export async function setOrigins(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  return json(await (await ctx.caller()).connections.setAllowedOrigins({ ...body, appId: appId(ctx) } as never));
}

export async function env(ctx: RequestContext) {
  await sessionOrKey(ctx);
  return json({ variables: await (await ctx.caller()).apps.env({ appId: appId(ctx) }) }, 200, NO_STORE);
}

export async function setEnv(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  await (await ctx.caller()).apps.setEnv({ ...body, appId: appId(ctx), key: decodePathSegment(ctx.params.key ?? "") } as never);
  return noContent();
}

export async function deleteEnv(ctx: RequestContext) {
  await sessionOrKey(ctx);
  await (await ctx.caller()).apps.deleteEnv({ appId: appId(ctx), key: decodePathSegment(ctx.params.key ?? "") });
  return noContent();
}

const provider = (ctx: RequestContext) => decodePathSegment(ctx.params.provider ?? "");

/** The connections bound to an app, one per provider: what its deployed tool may use. */
export async function bindings(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const { connections } = await (await ctx.caller()).connections.forApp({ appId: appId(ctx) });
  return json({ bindings: connections }, 200, NO_STORE);
}

export async function binding(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const { connections } = await (await ctx.caller()).connections.forApp({ appId: appId(ctx) });
  const bound = connections.find((connection) => connection.provider === provider(ctx));
  return bound ? json(bound, 200, NO_STORE) : json({ message: "Binding not found" }, 404);
}

export async function bind(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  await caller.connections.bindProvider({ ...body, appId: appId(ctx), provider: provider(ctx) } as never);
  const { connections } = await caller.connections.forApp({ appId: appId(ctx) });
  return json(connections.find((connection) => connection.provider === provider(ctx)));
}

export async function unbind(ctx: RequestContext) {
  await sessionOrKey(ctx);
  await (await ctx.caller()).connections.unbind({ appId: appId(ctx), provider: provider(ctx) });
  return noContent();
}
