import { clientInput } from "../bind";
import type { RequestContext } from "../request-context";
import { sessionOrKey } from "../session-or-key";

/** `/api/audit-log…`: the workspace audit log (ADR 047); the export answers a file, so it keeps a handler. */
const NO_STORE = { "cache-control": "no-store" };
const FILTERS = ["cursor", "limit", "action", "actor", "since", "until"] as const;
const CONTENT_TYPES = { csv: "text/csv; charset=utf-8", jsonl: "application/jsonl; charset=utf-8" } as const;

/** The filters the query names, and nothing else (an empty parameter counts as absent). */
export function filters(ctx: RequestContext, names: readonly string[] = FILTERS): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of names) {
    const value = ctx.url.searchParams.get(name);
    if (value) found[name] = value;
  }
  return found;
}

/** A filtered range as a file to keep: CSV or JSON Lines, newest first. */
export async function exportRange(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const query = { ...filters(ctx, ["action", "actor", "since", "until"]), format: ctx.url.searchParams.get("format") ?? "" };
  const { body, slug } = await (await ctx.caller()).auditLog.export(clientInput(query));
  const format = query.format as keyof typeof CONTENT_TYPES;
  return new Response(body, {
    status: 200,
    headers: { "content-type": CONTENT_TYPES[format], "content-disposition": `attachment; filename="audit-log-${slug}.${format}"`, ...NO_STORE },
  });
}
