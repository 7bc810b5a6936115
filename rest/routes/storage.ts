import { getConfig } from "../../server/platform/config";
import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { serveFile } from "../static-files";

/** Public objects of the `fs` storage driver; uploads get fresh names, so caching is immutable. */
export async function publicAvatar(ctx: RequestContext) {
  const response = await serveFile(`${getConfig().storageDir}/avatars`, ctx.params.objectPath ?? "", { immutable: true });
  return response ?? json({ message: "Object not found" }, 404);
}
