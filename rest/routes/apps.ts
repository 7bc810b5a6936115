import { readJsonObject } from "../body";
import { clientInput, pathParam } from "../bind";
import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { sessionOrKey } from "../session-or-key";

/**
 * PUT /api/apps/{appId}/bindings/{provider}: binds, then answers the binding as the app's
 * connections list now shows it (two procedures, so more than a binding of one).
 */
export async function bind(ctx: RequestContext) {
  await sessionOrKey(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  const appId = pathParam(ctx, "appId");
  const provider = pathParam(ctx, "provider");
  await caller.connections.bindProvider(clientInput({ ...body, appId, provider }));
  const { connections } = await caller.connections.forApp({ appId });
  return json(connections.find((connection) => connection.provider === provider));
}
