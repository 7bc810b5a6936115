import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { HOSTILE } from "../support/hostile-strings";
import { startService, type RunningService } from "../support/service";
import { trpc } from "../support/trpc";

/**
 * The same attack as hostile-strings.test.ts on the text fields issues 7-9 added: an app's
 * allowed origins, the administrators' catalog edits, invitations, a deployment's upstream
 * and manifest. Each is a 4xx (413 past the 64 KB JSON cap) and nothing is written; before
 * this suite a NUL in a catalog edit or an upstream URL was a 500 from PostgreSQL.
 */
const cases = Object.entries(HOSTILE);
const isHuge = (value: string) => value.length > 64 * 1024;
/** What names may not hold (docs/decisions/009); multi-line text only refuses NUL and broken UTF-16. */
const breaksText = (label: string) => label === "NUL" || label.includes("surrogate");

describe("hostile strings on the connection, catalog and deployment fields", () => {
  let service: RunningService;
  let admin: TestUser;
  let appId: string;

  beforeAll(async () => {
    service = await startService({ label: "hostile-conn" });
    admin = await signUp(service); // the first account: an administrator
    await createTenant(service, admin, uniqueSlug("hc"), "Safe");
    appId = (await trpc(service, admin, "apps.create", { name: "Safe app" })).data.id;
  });
  afterAll(() => service?.stop());

  const refusedStatus = (value: string) => (isHuge(value) ? 413 : 400);
  const catalogRow = async () => (await service.db.query("select name, description, logo, oauth_client_config from integrations where slug = 'github'")).rows[0];
  const edit = (fields: Record<string, unknown>) =>
    trpc(service, admin, "integrations.update", { slug: "github", name: "GitHub", description: "", logo: "", oauthClientConfig: { broker: { auth_config_id: "ac_github" } }, ...fields });

  it.each(cases)("an app's allowed origins refuse %s", async (_label, value) => {
    expect((await trpc(service, admin, "connections.setAllowedOrigins", { appId, origins: [value] })).status).toBe(refusedStatus(value));
    expect((await service.db.query("select allowed_origins from apps where id = $1", [appId])).rows[0].allowed_origins).toEqual([]);
  });

  it.each(cases)("a catalog edit refuses %s in the name, and breaking text anywhere", async (label, value) => {
    const before = await catalogRow();
    expect((await edit({ name: value })).status).toBe(refusedStatus(value));
    if (breaksText(label) || isHuge(value)) {
      expect((await edit({ description: value })).status).toBe(refusedStatus(value));
      expect((await edit({ oauthClientConfig: { broker: { auth_config_id: value } } })).status).toBe(refusedStatus(value));
      expect((await edit({ oauthClientConfig: { [value]: "key" } })).status).toBe(refusedStatus(value));
    }
    expect(await catalogRow()).toEqual(before);
  });

  it.each(cases)("a binding's provider with %s is refused or unknown, never a 500, and binds nothing", async (label, value) => {
    const unbound = await trpc(service, admin, "connections.unbind", { appId, provider: value });
    if (isHuge(value)) {
      // (A 1 MB query string is refused by the HTTP server itself before any procedure.)
      expect(unbound.status).toBe(413);
      expect((await service.db.query("select count(*)::int as n from app_connection_bindings")).rows[0].n).toBe(0);
      return;
    }
    const listed = await trpc(service, admin, "connections.listForProvider", { provider: value }, "query");
    const expected = breaksText(label) ? 400 : null;
    if (expected) expect([listed.status, unbound.status, unbound.error?.message]).toEqual([400, 400, "Provider must be text without NUL characters"]);
    // Text that is merely odd names no provider: nothing to list, no binding to remove.
    else expect([listed.status, listed.data, unbound.status, unbound.error?.message]).toEqual([200, [], 404, "Binding not found"]);
    if (label === "NUL") {
      // Over REST the provider is a path segment: %00 reaches the same check.
      const put = await api(service, `/api/apps/${appId}/bindings/a%00b`, { method: "PUT", cookie: admin.cookie, json: { connectionId: "00000000-0000-0000-0000-000000000000" } });
      const del = await api(service, `/api/apps/${appId}/bindings/a%00b`, { method: "DELETE", cookie: admin.cookie });
      expect([put.status, del.status]).toEqual([400, 400]);
    }
    expect((await service.db.query("select count(*)::int as n from app_connection_bindings")).rows[0].n).toBe(0);
  });

  it.each(cases)("an invitation refuses an email with %s and writes none", async (_label, value) => {
    const res = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: admin.cookie, json: { email: `${value}@example.com`, role: "member" } });
    expect(res.status).toBe(refusedStatus(value));
    expect((await service.db.query("select count(*)::int as n from tenant_invitations")).rows[0].n).toBe(0);
  });

  it.each(cases)("a deployment refuses %s in its name, upstream URL or (breaking text) manifest, and writes none", async (label, value) => {
    const post = (json: Record<string, unknown>) => api(service, "/api/deployments", { method: "POST", cookie: admin.cookie, json });
    expect((await post({ name: value, upstreamUrl: "http://127.0.0.1:9" })).status).toBe(refusedStatus(value));
    expect((await post({ name: "tool", upstreamUrl: `http://127.0.0.1:9/${value}` })).status).toBe(refusedStatus(value));
    if (breaksText(label) || isHuge(value)) expect((await post({ name: "tool", upstreamUrl: "http://127.0.0.1:9", manifest: `name: tool\n# ${value}\n` })).status).toBe(refusedStatus(value));
    expect((await service.db.query("select count(*)::int as n from deployments")).rows[0].n).toBe(0);
  });
});
