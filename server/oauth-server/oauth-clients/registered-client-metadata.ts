import type { EntityManager } from "@mikro-orm/postgresql";
import type { SqlConnection } from "../../platform/db/sql-connection";
import type { AdapterPayload } from "oidc-provider";
import { CLIENT_ID_PATTERN } from "./registered-client-schemas";

/**
 * What the library and the consent page read of a registered client (ADR 050). Apart from
 * registered-clients.ts so the adapter can use it without importing the grant code (which
 * imports the provider, which imports the adapter).
 */

interface MetadataRow {
  client_id: string;
  name: string;
  logo_uri: string | null;
  redirect_uris: string[];
  confidential: boolean;
  secret_hash: string | null;
}

/** The client as the library's metadata (RFC 7591 names), or undefined when no such registered client exists. */
export async function registeredClientMetadata(em: SqlConnection, clientId: string): Promise<AdapterPayload | undefined> {
  if (!CLIENT_ID_PATTERN.test(clientId)) return undefined;
  const rows = await em.getConnection().execute<MetadataRow[]>(`select client_id, name, logo_uri, redirect_uris, confidential, secret_hash from oauth_registered_clients where client_id = ?`, [clientId]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    client_id: row.client_id,
    client_name: row.name,
    ...(row.logo_uri ? { logo_uri: row.logo_uri } : {}),
    redirect_uris: row.redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: row.confidential ? "client_secret_basic" : "none",
    ...(row.secret_hash ? { client_secret: row.secret_hash } : {}),
  };
}

/** The workspace that vouches for a registered client (the consent page names it), or null for any other client. */
export async function registeringTenant(em: EntityManager, clientId: string): Promise<{ name: string; slug: string } | null> {
  if (!CLIENT_ID_PATTERN.test(clientId)) return null;
  const rows = await em
    .getConnection()
    .execute<{ name: string; slug: string }[]>(`select t.name, t.slug from oauth_registered_clients c join tenants t on t.id = c.tenant_id where c.client_id = ?`, [clientId]);
  return rows[0] ?? null;
}
