import { appEventsOf, boundConnectionsOf, cachedConnectionsBody, parseEventQuery } from "../../server/connections";
import { APP_KEY_PREFIX } from "../../server/keys";
import { getRuntime } from "../../server/start";
import { bearerFrom, knownAppKey, requireAppKey } from "../bearer";
import type { HeaderReader, PlainAnswer } from "../plain-answer";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

/**
 * The deployed tool's surface (SPEC 4.5, issue 7 section 7): App Key only. A token not
 * starting with `svc_sk_` (a JWT included) is refused by `requireAppKey` before any lookup.
 */

/** A fresh object per answer: the adapter may add content-length to the record it is given. */
const headers = () => ({ "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });

/** GET /api/deployments/me/connections without I/O: the key and the app's list both cached. */
export function myConnectionsFast(header: HeaderReader): PlainAnswer | undefined {
  const token = bearerFrom(header);
  const principal = token?.startsWith(APP_KEY_PREFIX) ? knownAppKey(token) : undefined;
  const body = principal ? cachedConnectionsBody(principal.tenantId, principal.appId) : undefined;
  return body === undefined ? undefined : { status: 200, headers: headers(), body };
}

/** GET /api/deployments/me/connections */
export async function myConnections(ctx: RequestContext): Promise<Response> {
  const fast = myConnectionsFast((name) => ctx.header(name));
  if (fast) return new Response(fast.body, { status: 200, headers: fast.headers });
  const principal = await requireAppKey(ctx);
  const { orm } = await getRuntime();
  return new Response(await boundConnectionsOf(orm, principal.tenantId, principal.appId), { status: 200, headers: headers() });
}

/** GET /api/deployments/me/events?after=&limit= */
export async function myEvents(ctx: RequestContext): Promise<Response> {
  const principal = await requireAppKey(ctx);
  const query = parseEventQuery(ctx.url.searchParams);
  const { orm } = await getRuntime();
  return json(await appEventsOf(orm, { tenantId: principal.tenantId, appId: principal.appId, ...query }), 200, { "cache-control": "no-store" });
}
