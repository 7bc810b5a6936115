import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { hashRefreshToken, newRefreshToken, recordAccountChange } from "../identity";
import { GRANT_SECONDS } from "./oauth-provider";
import { endGrantSession } from "./postgres-adapter";
import { IDENTITY_RESOURCE } from "./scopes";
import { CLI_CLIENT, CLI_CLIENT_ID } from "./oauth-clients/cli-client";
import type { ChangeActor } from "../changes";
import { isUuidText } from "../platform/db/uuid-text";

/**
 * Opens the `auth_sessions` row an approved grant owns (the issue 15 contract): its id is the
 * grant's id and every token's `session_id`, so `isSessionLive` and the sign-out revocation
 * path govern OAuth tokens exactly as they govern dashboard sessions. The row's refresh token
 * is a random value nobody holds: the grant's refresh tokens are the library's.
 */
export async function openGrantSession(
  em: EntityManager,
  userId: string,
  clientId: string,
  approved: { scopes: string[]; resources: string[] },
  /** The dashboard session that approved: the grant inherits the SSO provider it signed in through ("require single sign-on", ADR 086). */
  approvingSessionId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  // The grant's row and its audit rows commit together (ADR 047). A grant names tools, not a
  // workspace: each of the person's workspaces records it, as it records the account's sign-ins.
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into auth_sessions (id, user_id, refresh_token_hash, created_at, refreshed_at, expires_at, revoked_at, oauth_client_id, sso_provider_id)
         values (?, ?, ?, now(), now(), ?, null, ?, (select sso_provider_id from auth_sessions where id = ? and user_id = ?))`,
      [id, userId, hashRefreshToken(newRefreshToken()), new Date(Date.now() + GRANT_SECONDS * 1000), clientId, approvingSessionId, userId],
    );
    const [person] = await tx.execute<{ email: string | null }[]>(`select email from auth_users where id = ?`, [userId]);
    await recordAccountChange(tx, userId, {
      audit: "oauth_grant.approved",
      data: { clientId, scopes: approved.scopes, resources: approved.resources },
      target: { type: "oauth_grant", id },
      actor: { type: "person", id: userId, email: person?.email ?? "" },
    });
  });
  return id;
}

/**
 * Ends a grant: the library's records under it (the grant, its refresh tokens and codes) are
 * deleted and its session row revoked, which every instance hears through NOTIFY. Recorded in
 * the person's workspaces, in the same transaction; the actor is the request's unless given.
 * True for the one caller that ended it, of all that race (its session row was live).
 */
export async function revokeOAuthGrant(em: EntityManager, grantId: string, actor?: ChangeActor): Promise<boolean> {
  return em.transactional(async (tx) => {
    await tx.execute(`delete from oauth_records where grant_id = ? or (kind = 'Grant' and id = ?)`, [grantId, grantId]);
    const ended = await endGrantSession(tx, grantId);
    for (const row of ended) {
      await recordAccountChange(tx, row.user_id, { audit: "oauth_grant.revoked", data: { clientId: row.oauth_client_id }, target: { type: "oauth_grant", id: row.id }, actor });
    }
    return ended.length > 0;
  });
}

/** One application a person authorized, as the profile page lists it. */
export interface AuthorizedApplication {
  grantId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  resources: string[];
  authorizedAt: string;
  lastUsedAt: string;
}

interface GrantPayload {
  openid?: { scope?: string };
  resources?: Record<string, string>;
}

/** The live grants of a person, newest use first: client, scopes, resources, last used. */
export async function listAuthorizedApplications(em: EntityManager, userId: string): Promise<AuthorizedApplication[]> {
  const rows = await em.getConnection().execute<
    { id: string; oauth_client_id: string; created_at: Date; refreshed_at: Date; grant: GrantPayload | null; client_name: string | null }[]
  >(
    `select s.id, s.oauth_client_id, s.created_at, s.refreshed_at, g.payload as grant, coalesce(c.payload->>'client_name', rc.name) as client_name
       from auth_sessions s
       left join oauth_records g on g.kind = 'Grant' and g.id = s.id::text
       left join oauth_records c on c.kind = 'Client' and c.id = s.oauth_client_id
       left join oauth_registered_clients rc on rc.client_id = s.oauth_client_id
      where s.user_id = ? and s.oauth_client_id is not null and s.revoked_at is null and s.expires_at > now()
      order by s.refreshed_at desc`,
    [userId],
  );
  return rows.map((row) => {
    const resources = Object.keys(row.grant?.resources ?? {}).filter((resource) => resource !== IDENTITY_RESOURCE);
    const scopes = new Set((row.grant?.openid?.scope ?? "").split(" ").filter(Boolean));
    for (const scope of Object.values(row.grant?.resources ?? {})) for (const one of scope.split(" ")) if (one) scopes.add(one);
    return {
      grantId: row.id,
      clientId: row.oauth_client_id,
      // svc's own client is declared in code, not stored: its name comes from there.
      clientName: row.client_name ?? (row.oauth_client_id === CLI_CLIENT_ID ? CLI_CLIENT.client_name : row.oauth_client_id),
      scopes: [...scopes],
      resources,
      authorizedAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.refreshed_at).toISOString(),
    };
  });
}

/** Revokes one of the person's own grants; false when it is not theirs (or already ended). */
export async function revokeAuthorizedApplication(em: EntityManager, userId: string, grantId: string): Promise<boolean> {
  if (!isUuidText(grantId)) return false;
  const rows = await em
    .getConnection()
    .execute(`select 1 from auth_sessions where id = ?::uuid and user_id = ? and oauth_client_id is not null and revoked_at is null`, [grantId, userId]);
  if (rows.length === 0) return false;
  const [person] = await em.getConnection().execute<{ email: string | null }[]>(`select email from auth_users where id = ?`, [userId]);
  await revokeOAuthGrant(em, grantId, { type: "person", id: userId, email: person?.email ?? "" });
  return true;
}
