import { toDotenv } from "../../server/apps";
import { requireAppKey } from "../bearer";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

/** JSON by default; `?format=dotenv` answers a `.env` body. `?app=<name>`: another app of the workspace (CLI keys). */
export async function env(ctx: RequestContext) {
  await requireAppKey(ctx);
  const format = ctx.url.searchParams.get("format") === "dotenv" ? "dotenv" : "json";
  const app = ctx.url.searchParams.get("app");
  const result = await (await ctx.caller()).cli.env({ format, ...(app !== null ? { app } : {}) });
  if (format === "dotenv") {
    return new Response(toDotenv(result.variables), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  return json({ appId: result.appId, appName: result.appName, env: Object.fromEntries(result.variables.map((v) => [v.key, v.value])) }, 200, { "cache-control": "no-store" });
}
