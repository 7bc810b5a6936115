import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { sha256Base64url } from "../platform/crypto/sha256";
import { isListening, publish } from "../platform/db/notifications";
import type { MembershipRole } from "../tenants";
import { identities, type AppIdentity } from "./app-identities";

export type { AppIdentity } from "./app-identities";

/**
 * The app-proxy's own sessions (docs/decisions/030), in the shape Cloudflare Access and
 * Pomerium use: the dashboard mints a one-time code bound to one tool's host (60 s, single
 * use), the tool's origin exchanges it for a host-only `svc_app_session` cookie. Both are
 * stored as hashes only. An app session ends with the dashboard session it came from, with
 * the membership (removal, and a role change re-reads the role), and after 12 hours.
 */
export const APP_SESSION_COOKIE = "svc_app_session";
export const CODE_LIFETIME_MS = 60_000;
export const APP_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
const CACHE_MS = 30_000;
/** An app session was revoked; payload: its id. */
export const APP_SESSION_REVOKED_CHANNEL = "svc_app_session_revoked";

export async function mintCode(
  em: EntityManager,
  input: { host: string; userId: string; tenantId: string; email: string; displayName: string; dashboardSessionId: string | null; returnPath: string },
): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  await em.getConnection().execute(
    `insert into app_proxy_codes (code_hash, host, user_id, tenant_id, dashboard_session_id, email, display_name, return_path, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [sha256Base64url(code), input.host, input.userId, input.tenantId, input.dashboardSessionId, input.email, input.displayName, input.returnPath, new Date(Date.now() + CODE_LIFETIME_MS)],
  );
  return code;
}

/**
 * Claims a code for `host` (atomically: a replayed or parallel exchange gets nothing) and
 * opens an app session. Returns the cookie token and where to go, or null.
 */
export async function exchangeCode(em: EntityManager, code: string, host: string, deploymentId: string): Promise<{ token: string; returnPath: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(code)) return null;
  return em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const context = tx.getTransactionContext();
    const claimed = await conn.execute<{ user_id: string; tenant_id: string; dashboard_session_id: string | null; email: string; display_name: string; return_path: string }[]>(
      `update app_proxy_codes set used_at = now() where code_hash = ? and host = ? and used_at is null and expires_at > now()
       returning user_id, tenant_id, dashboard_session_id, email, display_name, return_path`,
      [sha256Base64url(code), host],
      "all",
      context,
    );
    const row = claimed[0];
    if (!row) return null;
    const token = randomBytes(32).toString("base64url");
    await conn.execute(
      `insert into app_sessions (token_hash, host, deployment_id, user_id, tenant_id, dashboard_session_id, email, display_name, expires_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [sha256Base64url(token), host, deploymentId, row.user_id, row.tenant_id, row.dashboard_session_id, row.email, row.display_name, new Date(Date.now() + APP_SESSION_LIFETIME_MS)],
      "all",
      context,
    );
    return { token, returnPath: row.return_path };
  });
}

/** The cached identity behind a cookie for this host, without I/O; undefined when unknown. */
export function cachedAppIdentity(token: string, host: string): AppIdentity | undefined {
  const identity = identities.get(sha256Base64url(token));
  return identity && identity.host === host ? identity : undefined;
}

/**
 * The identity behind an app-session cookie for `host`, or null: unknown, expired, revoked,
 * for another host, its dashboard session ended, no longer a member of the workspace, or its
 * dashboard session no longer enough for the workspace's "require single sign-on" (ADR 086:
 * the same judgement as sso-rule.ts, in the one query: owners and other domains pass, else the
 * session must have come through a provider of the workspace).
 */
export async function resolveAppIdentity(em: () => EntityManager, token: string, host: string): Promise<AppIdentity | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const key = sha256Base64url(token);
  const cached = identities.get(key);
  if (cached) return cached.host === host ? cached : null;
  const rows = await em()
    .getConnection()
    .execute<{ id: string; user_id: string; email: string; display_name: string; tenant_id: string; role: MembershipRole; host: string; dashboard_session_id: string | null; expires_at: Date }[]>(
      `select s.id, s.user_id, s.email, s.display_name, s.tenant_id, m.role, s.host, s.dashboard_session_id, s.expires_at
         from app_sessions s
         join tenant_memberships m on m.tenant_id = s.tenant_id and m.user_id = s.user_id
         join tenants t on t.id = s.tenant_id
         left join auth_sessions a on a.id = s.dashboard_session_id
        where s.token_hash = ? and s.revoked_at is null and s.expires_at > now()
          and (s.dashboard_session_id is null or a.id is null or (a.revoked_at is null and a.expires_at > now()))
          and (not t.require_sso or m.role = 'owner'
               or not exists (select 1 from workspace_domains d
                               where d.tenant_id = s.tenant_id and d.verified_at is not null and d.domain = lower(btrim(substring(s.email from '[^@]*$'))))
               or exists (select 1 from sso_providers p where p.id = a.sso_provider_id and p.tenant_id = s.tenant_id))`,
      [key],
    );
  const row = rows[0];
  if (!row || row.host !== host) return null;
  const identity: AppIdentity = {
    appSessionId: row.id,
    userId: row.user_id,
    email: row.email,
    displayName: row.display_name,
    tenantId: row.tenant_id,
    role: row.role,
    host: row.host,
    dashboardSessionId: row.dashboard_session_id,
  };
  if (isListening()) identities.put(key, identity, Math.min(Date.now() + CACHE_MS, new Date(row.expires_at).getTime()));
  return identity;
}

/** Ends every app session opened from a dashboard session (sign-out), on every instance. */
export async function revokeAppSessionsOf(em: EntityManager, dashboardSessionId: string): Promise<void> {
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(`update app_sessions set revoked_at = now() where dashboard_session_id = ? and revoked_at is null returning id`, [dashboardSessionId]);
  for (const row of rows) await publish(em, APP_SESSION_REVOKED_CHANNEL, row.id);
}
