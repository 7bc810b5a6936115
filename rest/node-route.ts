import type { IncomingMessage } from "node:http";
import { fastRoute } from "./handler";
import type { RawRoute } from "./raw-route";
import { rawRoutes } from "./route-table";
import { rawMatcher } from "./route-match";
import type { Route } from "./route-types";

/**
 * What the Node entry does with a request (docs/decisions/068), asked of the route table once:
 * a raw declaration answers on Node's objects (`raw`); else a GET declaration with a fast
 * answer may answer before any Request exists (`fast`, docs/decisions/003); else the Request
 * declarations (rest/handler.ts) and then Remix. `headers` go on whichever answer is written.
 */
export interface NodeRoute {
  raw?: RawRoute;
  fast?: Route;
  headers?: Readonly<Record<string, string>>;
}

const rawRouteFor = rawMatcher(rawRoutes);
const NOTHING: NodeRoute = Object.freeze({});
/** One answer object per fast route, made once: the hot path allocates nothing here. */
const fastFound = new Map<Route, NodeRoute>();

export function nodeRoute(req: IncomingMessage): NodeRoute {
  const raw = rawRouteFor(req);
  if (raw?.route) return { raw: raw.route, headers: raw.headers };
  const fast = fastRoute(req.method, req.url);
  if (raw?.headers) return { fast, headers: raw.headers };
  if (!fast) return NOTHING;
  let found = fastFound.get(fast);
  if (!found) fastFound.set(fast, (found = Object.freeze({ fast })));
  return found;
}
