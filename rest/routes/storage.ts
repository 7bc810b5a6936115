import { getConfig } from "../../server/platform/config";
import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { serveFile } from "../static-files";

/** Public objects of the `fs` storage driver; uploads get fresh names, so caching is immutable. */
export async function publicAvatar(ctx: RequestContext) {
  // Generated clients encode the key's slashes (`user%2F…`): take that spelling too. Each
  // segment is still judged by serveFile, so `..%2F` leads nowhere.
  const objectPath = (ctx.params.objectPath ?? "").replace(/%2F/gi, "/");
  const response = await serveFile(`${getConfig().storageDir}/avatars`, objectPath, { immutable: true });
  return response ?? json({ message: "Object not found" }, 404);
}
