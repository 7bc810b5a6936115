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
