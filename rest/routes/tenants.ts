import { readSingleFile } from "../multipart";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The workspace is looked up before the body is read: no upload is parsed for nothing. */
export async function uploadLogo(ctx: RequestContext) {
  const caller = await ctx.caller();
  await caller.tenants.me();
  const { data } = await readSingleFile(ctx.request, { field: "file", maxBytes: MAX_IMAGE_BYTES });
  return json(await caller.tenants.setLogo({ file: data }));
}
