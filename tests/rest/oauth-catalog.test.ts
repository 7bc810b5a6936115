import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../support/http";
import { createTestDatabase } from "../support/database";
import { startService, type RunningService } from "../support/service";
import { trpc } from "../support/trpc";
import { catalogFile } from "../support/oauth";

/** ADR 010: the catalog is seeded at every start; an administrator's edit survives restarts. */
describe("integration catalog seeding", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let service: RunningService | undefined;
  const row = (slug: string, authConfigId: string, name = slug) => ({ slug, name, description: "d", logo: "", oauth_client_config: { broker: { auth_config_id: authConfigId } } });

  beforeAll(async () => {
    database = await createTestDatabase("oauth_catalog");
  });
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it("inserts missing rows, refreshes unedited ones, leaves edited ones alone and deletes none", async () => {
    const file = catalogFile([row("github", "ac_placeholder"), row("slack", "ac_slack_1")]);
    service = await startService({ databaseUrl: database.url, env: { INTEGRATIONS_FILE: file } });
    const admin = await signUp(service); // the first account is the administrator
    const listed = await trpc(service, admin, "integrations.list", undefined, "query");
    expect(listed.data.map((r: any) => [r.slug, r.flow, r.oauthClientConfig.broker.auth_config_id])).toEqual([
      ["github", "broker", "ac_placeholder"],
      ["slack", "broker", "ac_slack_1"],
    ]);
    const edited = await trpc(service, admin, "integrations.update", { slug: "github", name: "GitHub", description: "ours", logo: "", oauthClientConfig: { broker: { auth_config_id: "ac_real" } } });
    expect(edited.status).toBe(200);
    const member = await signUp(service);
    const refused = await trpc(service, member, "integrations.update", { slug: "slack", name: "x", description: "", logo: "", oauthClientConfig: {} });
    expect(refused.status).toBe(403);
    await service.stop();

    writeFileSync(file, JSON.stringify({ integrations: [row("github", "ac_placeholder_2"), row("slack", "ac_slack_2"), row("notion", "ac_notion")] }));
    service = await startService({ databaseUrl: database.url, env: { INTEGRATIONS_FILE: file } });
    const rows = (await service.db.query("select slug, name, oauth_client_config from integrations order by slug")).rows;
    expect(rows).toEqual([
      { slug: "github", name: "GitHub", oauth_client_config: { broker: { auth_config_id: "ac_real" } } },
      { slug: "notion", name: "notion", oauth_client_config: { broker: { auth_config_id: "ac_notion" } } },
      { slug: "slack", name: "slack", oauth_client_config: { broker: { auth_config_id: "ac_slack_2" } } },
    ]);
  });

  it("marks rows that are not configured (with the reason), offers members only enabled rows, and disables rows the file dropped", async () => {
    await service?.stop();
    const firstParty = { slug: "supabase", name: "supabase", description: "", logo: "", oauth_client_config: { authorize_url: "http://127.0.0.1:9/a", token_url: "http://127.0.0.1:9/t" } };
    const file = catalogFile([
      row("github", "ac_real_github"),
      row("slack", "ac_replace_me_slack"),
      { ...row("notion", ""), oauth_client_config: { broker: {} } },
      { ...row("linear", "ac_linear"), enabled: false },
      firstParty,
    ]);
    const env = { INTEGRATIONS_FILE: file, BROKER_API_KEY: "k", SUPABASE_OAUTH_CLIENT_ID: "id" };
    const own = await createTestDatabase("oauth_catalog_ready");
    service = await startService({ databaseUrl: own.url, env });
    const adminUser = await signUp(service); // the first account is the administrator
    const all = await trpc(service, adminUser, "integrations.list", undefined, "query");
    expect(all.status, JSON.stringify(all.error)).toBe(200);
    expect(all.data.map((r: any) => [r.slug, r.enabled, r.configured, r.notConfiguredReason])).toEqual([
      ["github", true, true, null],
      ["linear", false, true, null],
      ["notion", true, false, "The broker auth config id (oauth_client_config.broker.auth_config_id) is missing"],
      ["slack", true, false, "The broker auth config id is the catalog's placeholder (ac_replace_me_slack)"],
      ["supabase", true, false, "SUPABASE_OAUTH_CLIENT_SECRET missing"],
    ]);
    const member = await signUp(service);
    const offered = await trpc(service, member, "integrations.list", undefined, "query");
    expect(offered.data.map((r: any) => r.slug)).toEqual(["github", "notion", "slack", "supabase"]);
    // An administrator disables a row; it is no longer listed for members nor startable.
    const disabled = await trpc(service, adminUser, "integrations.update", { slug: "github", name: "GitHub", description: "", logo: "", oauthClientConfig: { broker: { auth_config_id: "ac_real_github" } }, enabled: false });
    expect([disabled.status, disabled.data?.enabled]).toEqual([200, false]);
    expect((await trpc(service, member, "integrations.list", undefined, "query")).data.map((r: any) => r.slug)).toEqual(["notion", "slack", "supabase"]);
    await service.stop();

    // The file drops slack and notion: they are disabled, not deleted.
    writeFileSync(file, JSON.stringify({ integrations: [row("github", "ac_real_github"), { ...row("linear", "ac_linear"), enabled: true }, firstParty] }));
    service = await startService({ databaseUrl: own.url, env });
    const rows = (await service.db.query("select slug, enabled from integrations where slug in ('github','linear','notion','slack','supabase') order by slug")).rows;
    expect(rows).toEqual([
      { slug: "github", enabled: false }, // the administrator's choice stands
      { slug: "linear", enabled: true },
      { slug: "notion", enabled: false },
      { slug: "slack", enabled: false },
      { slug: "supabase", enabled: true },
    ]);
    await service.stop();
    service = undefined;
    await own.drop();
  });

  it("ships a catalog with the first-party supabase row and broker rows", async () => {
    await service?.stop();
    service = await startService({ label: "oauth_catalog_default" });
    const rows = (await service.db.query("select slug, oauth_client_config from integrations order by slug")).rows;
    expect(rows.map((r) => r.slug)).toEqual(["github", "google-drive", "linear", "notion", "slack", "supabase"]);
    const supabase = rows.find((r) => r.slug === "supabase")!.oauth_client_config;
    expect(supabase).toMatchObject({ authorize_url: expect.any(String), token_url: expect.any(String), discovery: { context_key: "project_ref" } });
    expect(supabase.broker).toBeUndefined();
  });
});
