import { requireAppKey } from "./bearer";
import type { RequestContext } from "./request-context";
import { requireSession } from "./routes/session";

/**
 * The two ways into a workspace's REST paths: a bearer means an `svc_sk_` key of the
 * workspace, judged alone; otherwise the dashboard's session cookie.
 */
export async function sessionOrKey(ctx: RequestContext): Promise<void> {
  if (ctx.header("authorization")) await requireAppKey(ctx);
  else await requireSession(ctx);
}
