import { createConnectSession } from "../../server/oauth/connect-sessions";
import { getRuntime } from "../../server/runtime/runtime";
import { requireAppKey } from "../bearer";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { requireSession } from "./session";

/** DELETE /api/connections/{id} (dashboard, session cookie): bindings and integration env rows go with it. */
export async function disconnect(ctx: RequestContext) {
  await requireSession(ctx);
  const caller = await ctx.caller();
  await caller.connections.disconnect({ connectionId: decodeURIComponent(ctx.params.rest ?? "") });
  return noContent();
}

/**
 * POST /api/connect/sessions (App Key, server to server): a 30-minute `svc_cs_` token
 * usable only as `app_key`, so the App Key never travels in a browser URL.
 */
export async function createSession(ctx: RequestContext) {
  const principal = await requireAppKey(ctx);
  const { orm } = await getRuntime();
  const session = await createConnectSession(orm.em.fork(), { appId: principal.appId, tenantId: principal.tenantId, keyId: principal.keyId });
  return json({ token: session.token, expires_at: session.expiresAt.toISOString() }, 201, { "cache-control": "no-store" });
}
