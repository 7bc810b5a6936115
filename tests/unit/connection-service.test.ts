import { randomUUID } from "node:crypto";
import { MikroORM } from "@mikro-orm/postgresql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "../../server/platform/config";
import { ormOptions } from "../../server/start/orm";
import { bindConnection, createConnection, unbindConnection } from "../../server/connections/connection-service";
import { openCredential, type StoredCredential } from "../../server/connections/credentials";
import { listAppEvents } from "../../server/connections/events";
import { isExpired, refreshCredential } from "../../server/connections/provider-proxy/token-refresh";
import type { FirstPartyTarget } from "../../server/connections/provider-proxy/proxy-target";
import type { OAuthClientConfig } from "../../server/connections/catalog/entities";
import { createTestDatabase } from "../support/database";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/oauth-provider";

/**
 * The connection service against a real, migrated PostgreSQL and the fake provider: the
 * provider proxy's single-flight refresh, and the event log an app reads.
 */
const savedEnv = { ...process.env };
let database: { url: string; drop(): Promise<void> };
let orm: MikroORM;
let provider: FakeOAuthProvider;
const tenantId = randomUUID();
const userId = randomUUID();
let config: OAuthClientConfig;

beforeAll(async () => {
  [database, provider] = await Promise.all([createTestDatabase("connection_service"), startFakeOAuthProvider()]);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    LOG_LEVEL: "warn",
    INTEGRATION_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    SUPABASE_OAUTH_CLIENT_ID: provider.clientId,
    SUPABASE_OAUTH_CLIENT_SECRET: provider.clientSecret,
  });
  resetConfig();
  const options = ormOptions({ pool: { min: 0, max: 2 } });
  orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
  await orm.getMigrator().up();
  await orm.em.fork().execute(`insert into tenants (id, name, slug, owner_id, referral_code) values (?, 'T', ?, ?, ?)`, [tenantId, `t-${tenantId.slice(0, 8)}`, userId, tenantId]);
  config = provider.catalogRow().oauth_client_config as OAuthClientConfig;
});

afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
  await provider?.close();
  process.env = { ...savedEnv };
  resetConfig();
});

async function firstPartyConnection(expiresAt: number) {
  const tokens = provider.mintTokens();
  const credential: StoredCredential = { access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_at: expiresAt };
  const connection = await createConnection(orm.em.fork(), {
    tenantId,
    provider: "supabase",
    displayName: "Acme",
    profile: "first_party",
    credential,
    metadata: { context: { supabase: { project_ref: "p1" } } },
    createdBy: userId,
  });
  const target: FirstPartyTarget = { kind: "first_party", tenantId, connectionId: connection.id, provider: "supabase", apiBase: new URL(config.api_base_url!), clientConfig: config, credential };
  return { connection, tokens, target };
}

async function storedCredential(connectionId: string): Promise<StoredCredential> {
  const rows = await orm.em.fork().execute<{ encrypted_credential: string; credential_key_id: string | null }[]>(`select encrypted_credential, credential_key_id from connections where id = ?`, [connectionId]);
  return openCredential(rows[0]!.encrypted_credential, rows[0]!.credential_key_id);
}

describe("token refresh (the provider proxy's)", () => {
  it("ten concurrent refreshes of one connection make one token request and store the new tokens", async () => {
    const { connection, tokens, target } = await firstPartyConnection(Math.floor(Date.now() / 1000) - 10);
    const before = provider.tokenRequests.filter((r) => r.grant_type === "refresh_token").length;
    const results = await Promise.all(Array.from({ length: 10 }, () => refreshCredential(() => orm.em.fork(), target, tokens.access_token)));
    expect(provider.tokenRequests.filter((r) => r.grant_type === "refresh_token").length).toBe(before + 1);
    expect(new Set(results.map((r) => r.access_token)).size).toBe(1);
    expect(results[0]!.access_token).not.toBe(tokens.access_token);
    const stored = await storedCredential(connection.id);
    expect(stored.access_token).toBe(results[0]!.access_token);
    expect(stored.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it("refreshes only an expired token set, and never one another refresher already replaced", async () => {
    const live = await firstPartyConnection(Math.floor(Date.now() / 1000) + 3600);
    const count = () => provider.tokenRequests.filter((r) => r.grant_type === "refresh_token").length;
    const before = count();
    expect(isExpired(live.target.credential)).toBe(false);
    // A stale token that is no longer the stored one: the stored, still fresh one is used.
    expect((await refreshCredential(() => orm.em.fork(), live.target, "an-older-token")).access_token).toBe(live.tokens.access_token);
    expect(count()).toBe(before);
    const expired = await firstPartyConnection(Math.floor(Date.now() / 1000));
    expect(isExpired(expired.target.credential)).toBe(true);
    expect((await refreshCredential(() => orm.em.fork(), expired.target, expired.tokens.access_token)).access_token).not.toBe(expired.tokens.access_token);
    expect(count()).toBe(before + 1);
  });
});

describe("events", () => {
  it("an app sees workspace events and its own, oldest first, by cursor; binding a second connection unbinds the first", async () => {
    const em = orm.em.fork();
    const appId = randomUUID();
    const otherApp = randomUUID();
    for (const id of [appId, otherApp]) {
      await em.execute(`insert into apps (id, tenant_id, name, kind, created_by) values (?, ?, 'A', 'app', ?)`, [id, tenantId, userId]);
    }
    const start = await listAppEvents(em, { tenantId, appId, after: null, limit: 100 });
    const cursor = start.nextCursor;
    const a = (await firstPartyConnection(0)).connection;
    const b = (await firstPartyConnection(0)).connection;
    await bindConnection(em, { tenantId, appId, connectionId: a.id, userId });
    await bindConnection(em, { tenantId, appId: otherApp, connectionId: a.id, userId });
    await bindConnection(em, { tenantId, appId, connectionId: b.id, userId });
    await unbindConnection(em, { tenantId, appId, provider: "supabase" });
    const page = await listAppEvents(em, { tenantId, appId, after: cursor, limit: 100 });
    expect(page.events.map((e) => [e.type, e.data.connectionId])).toEqual([
      ["connection.created", a.id],
      ["connection.created", b.id],
      ["connection.bound", a.id],
      ["connection.unbound", a.id],
      ["connection.bound", b.id],
      ["connection.unbound", b.id],
    ]);
    expect(JSON.stringify(page.events)).not.toContain("access_token");
    const firstTwo = await listAppEvents(em, { tenantId, appId, after: cursor, limit: 2 });
    expect(firstTwo.events).toHaveLength(2);
    const rest = await listAppEvents(em, { tenantId, appId, after: firstTwo.nextCursor, limit: 100 });
    expect(rest.events.map((e) => e.type)).toEqual(["connection.bound", "connection.unbound", "connection.bound", "connection.unbound"]);
    const empty = await listAppEvents(em, { tenantId, appId, after: page.nextCursor, limit: 100 });
    expect(empty).toEqual({ events: [], nextCursor: page.nextCursor });
    await expect(listAppEvents(em, { tenantId, appId, after: "1 or 1=1", limit: 10 })).rejects.toThrow("Invalid cursor");
    // The log is append-only.
    await expect(em.execute(`delete from app_events`)).rejects.toThrow(/append-only/);
    // The unbound app's env rows are gone; the other app keeps its binding and rows.
    expect((await em.execute(`select key from app_env_vars where app_id = ?`, [appId])).length).toBe(0);
    expect((await em.execute(`select key from app_env_vars where app_id = ? order by key`, [otherApp])).map((r: any) => r.key)).toEqual(["SUPABASE_CONNECTION_ID", "SUPABASE_PROJECT_REF"]);
  });
});
