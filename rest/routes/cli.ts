import { toDotenv } from "../../server/apps";
import { requireAppKey } from "../bearer";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";

export async function whoami(ctx: RequestContext) {
  await requireAppKey(ctx);
  return json(await (await ctx.caller()).cli.whoami());
}

export async function logout(ctx: RequestContext) {
  await requireAppKey(ctx);
  await (await ctx.caller()).cli.logout();
  return noContent();
}

/** JSON by default; `?format=dotenv` answers a `.env` body. */
export async function env(ctx: RequestContext) {
  await requireAppKey(ctx);
  const format = ctx.url.searchParams.get("format") === "dotenv" ? "dotenv" : "json";
  const result = await (await ctx.caller()).cli.env({ format });
  if (format === "dotenv") {
    return new Response(toDotenv(result.variables), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  return json({ appId: result.appId, env: Object.fromEntries(result.variables.map((v) => [v.key, v.value])) }, 200, { "cache-control": "no-store" });
}
