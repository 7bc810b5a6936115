import { getConfig } from "../platform/config";

/**
 * The dashboard's workspace switcher remembers the choice in this cookie. It only ever
 * names a preference: membership is checked on every request (resolveUserTenant), so a
 * forged or stale value just falls back to the default workspace.
 */
export const TENANT_COOKIE = "svc_workspace";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function preferredTenantFrom(cookieValue: string | undefined): string | null {
  return cookieValue && UUID.test(cookieValue) ? cookieValue.toLowerCase() : null;
}

export function tenantSetCookie(tenantId: string): string {
  const secure = getConfig().secureCookies ? "; Secure" : "";
  return `${TENANT_COOKIE}=${tenantId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`;
}
