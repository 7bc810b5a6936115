import { readSingleFile } from "../multipart";
import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { requireSession } from "./session";
import { MAX_IMAGE_BYTES } from "./tenants";

/** A multipart upload: the image file, then the procedure. */
export async function uploadAvatar(ctx: RequestContext) {
  await requireSession(ctx);
  const { data } = await readSingleFile(ctx.request, { field: "file", maxBytes: MAX_IMAGE_BYTES });
  const caller = await ctx.caller();
  return json(await caller.users.setAvatar({ file: data }));
}
