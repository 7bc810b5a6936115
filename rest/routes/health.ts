import { notReadyReasons } from "../../server/start";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

const NO_STORE = { "cache-control": "no-store" };

/** GET /healthz: the process is alive and serving (no I/O). */
export function healthz(): Response {
  return json({ status: "ok" }, 200, NO_STORE);
}

/** GET /readyz: send traffic here? The database answers, the schema is this code's, no drain. */
export async function readyz(_ctx: RequestContext): Promise<Response> {
  const reasons = await notReadyReasons();
  return reasons.length === 0 ? json({ status: "ready" }, 200, NO_STORE) : json({ status: "not_ready", reasons }, 503, NO_STORE);
}
