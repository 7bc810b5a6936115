import { readJsonObject } from "../body";
import { readSingleFile } from "../multipart";
import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { requireSession } from "./session";
import { MAX_IMAGE_BYTES } from "./tenants";

export async function getMe(ctx: RequestContext) {
  const caller = await ctx.caller();
  return json(await caller.users.me());
}

export async function updateMe(ctx: RequestContext) {
  await requireSession(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.users.update(body as never));
}

export async function uploadAvatar(ctx: RequestContext) {
  await requireSession(ctx);
  const { data } = await readSingleFile(ctx.request, { field: "file", maxBytes: MAX_IMAGE_BYTES });
  const caller = await ctx.caller();
  return json(await caller.users.setAvatar({ file: data }));
}
