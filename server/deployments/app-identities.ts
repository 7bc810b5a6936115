import { ExpiringCache } from "../platform/cache/expiring-cache";
import type { MembershipRole } from "../tenants";

/**
 * Who is calling a deployed tool, as the app-proxy forwards it, and the one cache of those
 * answers: app sessions (the browser handshake, app-sessions.ts) and OAuth access tokens
 * (tool-tokens.ts) alike, so that a sign-out, a revoked grant, a membership change or a
 * rename evicts both through the same NOTIFY rows (server/start/cache-eviction.ts).
 */
export interface AppIdentity {
  /** The app session's id; for an access token, `token:` and the token's hash. */
  appSessionId: string;
  userId: string;
  email: string;
  displayName: string;
  tenantId: string;
  role: MembershipRole;
  host: string;
  /** The `auth_sessions` row it lives by: the dashboard session, or the token's grant. */
  dashboardSessionId: string | null;
}

export const identities = new ExpiringCache<AppIdentity>();
const evictWhere = (test: (identity: AppIdentity) => boolean) => identities.evictWhere(test);

/** Evictions, wired in server/start/cache-eviction.ts. */
export const appIdentityEvictions = {
  appSession: (appSessionId: string) => evictWhere((i) => i.appSessionId === appSessionId),
  /** The session ended (sign-out, a revoked grant): app sessions opened from it and tokens issued under it. */
  dashboardSession: (sessionId: string) => evictWhere((i) => i.dashboardSessionId === sessionId),
  member: (tenantId: string, userId: string) => evictWhere((i) => i.tenantId === tenantId && i.userId === userId),
  /** Their profile (display name) changed: re-read it on the next request, in every workspace. */
  user: (userId: string) => evictWhere((i) => i.userId === userId),
  all: () => identities.clear(),
};
