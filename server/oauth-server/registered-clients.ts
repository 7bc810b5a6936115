import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../platform/errors";
import { storedClientSecret } from "./oauth-clients/hashed-client-secrets";
import { revokeOAuthGrant } from "./grants";
import { CLIENT_ID_PATTERN, CLIENT_NOT_FOUND, type RegisteredClientView } from "./oauth-clients/registered-client-schemas";
import { oauthClientEvictions } from "./oauth-clients/client-cache";

/**
 * OAuth clients a workspace owner registers on an app's page (issue 15 "Clients" (c), ADR 050).
 * The library reads them through its adapter (postgres-adapter.ts) as ordinary clients; the
 * secret exists in the clear only in the answer that creates or rotates it.
 */

interface ClientRow {
  client_id: string;
  app_id: string;
  name: string;
  logo_uri: string | null;
  redirect_uris: string[];
  confidential: boolean;
  secret_hash: string | null;
  created_at: Date;
  secret_rotated_at: Date | null;
}

const COLUMNS = "client_id, app_id, name, logo_uri, redirect_uris, confidential, secret_hash, created_at, secret_rotated_at";

function view(row: ClientRow): RegisteredClientView {
  return {
    clientId: row.client_id,
    appId: row.app_id,
    name: row.name,
    logoUri: row.logo_uri,
    redirectUris: row.redirect_uris,
    type: row.confidential ? "confidential" : "public",
    tokenEndpointAuthMethod: row.confidential ? "client_secret_basic" : "none",
    createdAt: new Date(row.created_at).toISOString(),
    secretRotatedAt: row.secret_rotated_at ? new Date(row.secret_rotated_at).toISOString() : null,
  };
}

/** 256 random bits: one SHA-256 is enough to store it (no password-grade hash needed). */
function newSecret(): { secret: string; stored: string } {
  const secret = `svc_ocs_${randomBytes(32).toString("base64url")}`;
  return { secret, stored: storedClientSecret(secret) };
}

export interface NewRegisteredClient {
  tenantId: string;
  appId: string;
  userId: string;
  name: string;
  logoUri?: string | null;
  redirectUris: string[];
  type: "confidential" | "public";
}

export async function createRegisteredClient(em: EntityManager, input: NewRegisteredClient): Promise<RegisteredClientView & { clientSecret: string | null }> {
  const clientId = `svc_oc_${randomBytes(16).toString("base64url")}`;
  const secret = input.type === "confidential" ? newSecret() : null;
  const rows = await em.getConnection().execute<ClientRow[]>(
    `insert into oauth_registered_clients (client_id, tenant_id, app_id, name, logo_uri, redirect_uris, confidential, secret_hash, created_by)
       values (?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?, ?) returning ${COLUMNS}`,
    [clientId, input.tenantId, input.appId, input.name, input.logoUri ?? null, JSON.stringify(input.redirectUris), secret !== null, secret?.stored ?? null, input.userId],
  );
  return { ...view(rows[0]!), clientSecret: secret?.secret ?? null };
}

export async function listRegisteredClients(em: EntityManager, tenantId: string, appId: string): Promise<RegisteredClientView[]> {
  const rows = await em
    .getConnection()
    .execute<ClientRow[]>(`select ${COLUMNS} from oauth_registered_clients where tenant_id = ? and app_id = ? order by created_at, client_id`, [tenantId, appId]);
  return rows.map(view);
}

/** A new secret, shown once; the old one stops at once (the cached client is evicted here, and on every instance by the trigger). */
export async function rotateRegisteredClientSecret(em: EntityManager, tenantId: string, appId: string, clientId: string): Promise<RegisteredClientView & { clientSecret: string }> {
  if (!CLIENT_ID_PATTERN.test(clientId)) throw new AppError("NOT_FOUND", CLIENT_NOT_FOUND);
  const secret = newSecret();
  const rows = await em.getConnection().execute<ClientRow[]>(
    `update oauth_registered_clients set secret_hash = ?, secret_rotated_at = now()
       where tenant_id = ? and app_id = ? and client_id = ? and confidential returning ${COLUMNS}`,
    [secret.stored, tenantId, appId, clientId],
  );
  oauthClientEvictions.client(clientId);
  if (rows[0]) return { ...view(rows[0]), clientSecret: secret.secret };
  const exists = await em.getConnection().execute(`select 1 from oauth_registered_clients where tenant_id = ? and app_id = ? and client_id = ?`, [tenantId, appId, clientId]);
  if (exists.length) throw new AppError("BAD_REQUEST", "A public client has no secret to rotate");
  throw new AppError("NOT_FOUND", CLIENT_NOT_FOUND);
}

/** Deletes the client and ends every grant people gave it: its refresh tokens stop, its access tokens are refused. */
export async function deleteRegisteredClient(em: EntityManager, tenantId: string, appId: string, clientId: string): Promise<void> {
  if (!CLIENT_ID_PATTERN.test(clientId)) throw new AppError("NOT_FOUND", CLIENT_NOT_FOUND);
  const rows = await em
    .getConnection()
    .execute(`delete from oauth_registered_clients where tenant_id = ? and app_id = ? and client_id = ? returning client_id`, [tenantId, appId, clientId]);
  oauthClientEvictions.client(clientId);
  if (rows.length === 0) throw new AppError("NOT_FOUND", CLIENT_NOT_FOUND);
  const grants = await em
    .getConnection()
    .execute<{ id: string }[]>(`select id::text as id from auth_sessions where oauth_client_id = ? and revoked_at is null`, [clientId]);
  for (const grant of grants) await revokeOAuthGrant(em, grant.id);
}
