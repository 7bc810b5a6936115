import type { SqlConnection } from "../../platform/db/sql-connection";
import type { AdapterPayload } from "oidc-provider";
import { cachedClient } from "./client-cache";
import { registeredClientMetadata } from "./registered-client-metadata";

/**
 * A client's metadata as the library is given it: kept per instance (client-cache.ts), read
 * from `oauth_records` (registered by RFC 7591 or a metadata document) or, for clients made on
 * an app's page, from their own table (ADR 050).
 */
export function findStoredClient(em: () => SqlConnection, id: string): Promise<AdapterPayload | undefined> {
  return cachedClient(id, () => readClient(em(), id));
}

/** A client with its record's expiry. */
async function readClient(em: SqlConnection, id: string): Promise<{ payload: AdapterPayload; expiresAt: Date | null } | undefined> {
  const [row] = await em
    .getConnection()
    .execute<{ payload: AdapterPayload; expires_at: Date | null }[]>(
      `select payload, expires_at from oauth_records where kind = 'Client' and id = ? and (expires_at is null or expires_at > now()) limit 1`,
      [id],
    );
  if (row) return { payload: row.payload, expiresAt: row.expires_at };
  const registered = await registeredClientMetadata(em, id);
  return registered ? { payload: registered, expiresAt: null } : undefined;
}
