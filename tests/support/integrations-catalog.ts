import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A service with connections: the integrations catalog file it reads (INTEGRATIONS_FILE) and
 * the environment that points it at a fake first-party OAuth provider and a fake broker.
 */

/** Writes `{ integrations }` to catalog.json in a new temporary directory named `prefix…`; answers its path. */
export function writeIntegrationsCatalog(prefix: string, integrations: unknown[]): string {
  const catalog = join(mkdtempSync(join(tmpdir(), prefix)), "catalog.json");
  writeFileSync(catalog, JSON.stringify({ integrations }));
  return catalog;
}

/** The environment of a service using `catalog`, the provider's client and the broker at `brokerUrl` (a fresh encryption key each call). */
export function connectionsEnv(catalog: string, client: { clientId: string; clientSecret: string }, brokerUrl: string, brokerKey: string): Record<string, string> {
  return {
    INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    INTEGRATIONS_FILE: catalog,
    SUPABASE_OAUTH_CLIENT_ID: client.clientId,
    SUPABASE_OAUTH_CLIENT_SECRET: client.clientSecret,
    BROKER_API_URL: brokerUrl,
    BROKER_API_KEY: brokerKey,
  };
}
