import { MANIFEST_SCHEMA } from "../../server/deployments";
import { readJsonObject } from "../body";
import { requireAppKey } from "../bearer";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { requireSession } from "./session";

/** A bearer means an `svc_sk_` key of the workspace; otherwise the session cookie. */
async function authenticate(ctx: RequestContext): Promise<void> {
  if (ctx.header("authorization")) await requireAppKey(ctx);
  else await requireSession(ctx);
}

const nameParam = (ctx: RequestContext) => decodePathSegment(ctx.params.name ?? "");
const NO_STORE = { "cache-control": "no-store" };

export async function list(ctx: RequestContext) {
  await authenticate(ctx);
  const caller = await ctx.caller();
  return json({ deployments: await caller.deployments.list() }, 200, NO_STORE);
}

export async function create(ctx: RequestContext) {
  await authenticate(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.deployments.create(body as never), 201);
}

export async function get(ctx: RequestContext) {
  await authenticate(ctx);
  const caller = await ctx.caller();
  return json(await caller.deployments.get({ name: nameParam(ctx) }), 200, NO_STORE);
}

export async function update(ctx: RequestContext) {
  await authenticate(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.deployments.update({ ...(body as object), name: nameParam(ctx) } as never));
}

export async function remove(ctx: RequestContext) {
  await authenticate(ctx);
  const caller = await ctx.caller();
  await caller.deployments.remove({ name: nameParam(ctx) });
  return noContent();
}

/** The manifest's JSON Schema, for editors and `svc validate`. */
export function manifestSchema() {
  return json(MANIFEST_SCHEMA, 200, { "cache-control": "public, max-age=300", "content-type": "application/schema+json" });
}
