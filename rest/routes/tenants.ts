import { readSingleFile } from "../multipart";
import { readJsonObject } from "../body";
import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { SLUG_CHECK } from "../../server/tenants";
import { requireSession } from "./session";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export async function createTenant(ctx: RequestContext) {
  await requireSession(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.tenants.create(body as never), 201);
}

export async function checkSlug(ctx: RequestContext) {
  const caller = await ctx.caller();
  const result = await caller.tenants.checkSlug({ slug: ctx.url.searchParams.get("slug") ?? undefined });
  // The catalog decides the status: a taken slug is an answer (200), a malformed or reserved one a 400.
  const status = result.available ? 200 : SLUG_CHECK[result.code].status;
  return json(result, status, { "cache-control": "no-store" });
}

export async function getMyTenant(ctx: RequestContext) {
  const caller = await ctx.caller();
  return json(await caller.tenants.me());
}

export async function updateMyTenant(ctx: RequestContext) {
  await requireSession(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.tenants.update(body as never));
}

/** The workspace is looked up before the body is read: no upload is parsed for nothing. */
export async function uploadLogo(ctx: RequestContext) {
  const caller = await ctx.caller();
  await caller.tenants.me();
  const { data } = await readSingleFile(ctx.request, { field: "file", maxBytes: MAX_IMAGE_BYTES });
  return json(await caller.tenants.setLogo({ file: data }));
}

/** The workspace's two-step rule (ADR 049): the owner's, through the session only. */
export async function getTwoStepRule(ctx: RequestContext) {
  await requireSession(ctx);
  const caller = await ctx.caller();
  return json(await caller.tenants.twoStepRule(), 200, { "cache-control": "no-store" });
}

export async function putTwoStepRule(ctx: RequestContext) {
  await requireSession(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.tenants.setTwoStepRule(body as never));
}
