import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { connectFirstParty } from "../support/connect-flows";
import { api, signUp, uniqueEmail, type TestUser } from "../support/http";
import { trpc } from "../support/trpc";
import { catalogFile } from "../support/oauth";
import { startService, type RunningService } from "../support/service";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/oauth-provider";

/**
 * Issue 20 section 4: a connection created (through the provider's consent, whose callback
 * carries no session: the actor is the person who started it) and deleted is recorded with
 * its actor and the connection as target; a refused disconnect writes nothing.
 */
describe("audit log: connections", () => {
  let service: RunningService;
  let provider: FakeOAuthProvider;
  let ws: TenantOwner;
  let viewer: TestUser;
  const adminEmail = uniqueEmail("catalog-admin");

  beforeAll(async () => {
    provider = await startFakeOAuthProvider();
    service = await startService({
      label: "audit-conn",
      env: { ADMIN_EMAILS: adminEmail, INTEGRATIONS_FILE: catalogFile([provider.catalogRow("supabase")]), SUPABASE_OAUTH_CLIENT_ID: provider.clientId, SUPABASE_OAUTH_CLIENT_SECRET: provider.clientSecret },
    });
    ws = await signedInOwner(service, { slugPrefix: "conn" });
    viewer = await invitedPerson(service, ws.user, "viewer");
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await provider?.close();
  });

  const rows = async (action: string) =>
    (await service.db.query(`select actor, target_type, target_id from audit_log where tenant_id = $1 and action = $2 order by seq`, [ws.tenantId, action])).rows.map((r) => ({
      actor: r.actor,
      target: `${r.target_type}:${r.target_id}`,
    }));
  const count = async () => (await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n as number;

  it("records a connection created and deleted", async () => {
    const connected = await connectFirstParty(service, ws.user);
    expect(connected.message?.type, JSON.stringify(connected.message)).toBe("svc:oauth:done");
    const id = (await service.db.query(`select id from connections where tenant_id = $1`, [ws.tenantId])).rows[0].id as string;
    const me = { type: "person", id: ws.user.userId, email: ws.user.email };
    expect(await rows("connection.created")).toEqual([{ actor: me, target: `connection:${id}` }]);

    const before = await count();
    const refused = await api(service, `/api/connections/${id}`, { method: "DELETE", cookie: viewer.cookie });
    expect(refused.status).toBe(403);
    expect(await count()).toBe(before);
    const deleted = await api(service, `/api/connections/${id}`, { method: "DELETE", cookie: ws.user.cookie });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await rows("connection.deleted")).toEqual([{ actor: me, target: `connection:${id}` }]);
  });

  it("records a catalog row edited by the service's administrator in each workspace with a connection of it, never the OAuth configuration's values", async () => {
    const connected = await connectFirstParty(service, ws.user);
    expect(connected.message?.type, JSON.stringify(connected.message)).toBe("svc:oauth:done");
    const admin = await signUp(service, adminEmail);
    const elsewhere = await signedInOwner(service, { slugPrefix: "noconn" }); // no connection of it: no row
    const current = (await trpc(service, admin, "integrations.list", undefined, "query")).data.find((row: { slug: string }) => row.slug === "supabase");
    const edit = { slug: "supabase", name: "Supabase (edited)", description: current.description, logo: current.logo, oauthClientConfig: current.oauthClientConfig };
    const mark = await count();
    const edited = async () =>
      (await service.db.query(`select tenant_id, actor, target_type, target_id, changes from audit_log where action = 'catalog.edited' and tenant_id = any($1) order by seq`, [[ws.tenantId, elsewhere.tenantId]])).rows.map(
        (r) => ({ tenantId: r.tenant_id, actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes }),
      );
    expect((await trpc(service, ws.user, "integrations.update", edit)).status).toBe(403);
    expect((await trpc(service, admin, "integrations.update", { ...edit, slug: "no-such-integration" })).status).toBe(404);
    expect(await count()).toBe(mark);
    expect((await trpc(service, admin, "integrations.update", edit)).status).toBe(200);
    expect((await trpc(service, admin, "integrations.update", edit)).status).toBe(200); // unchanged: no row
    expect(await edited()).toEqual([
      { tenantId: ws.tenantId, actor: { type: "person", id: admin.userId, email: admin.email }, target: "integration:supabase", changes: { slug: "supabase", fields: ["name"] } },
    ]);
  });

  it("records a binding changed: bound and unbound, with the app, the connection and the person; a refused one writes nothing", async () => {
    const connected = await connectFirstParty(service, ws.user);
    expect(connected.message?.type, JSON.stringify(connected.message)).toBe("svc:oauth:done");
    const id = (await service.db.query(`select id from connections where tenant_id = $1 order by created_at desc limit 1`, [ws.tenantId])).rows[0].id as string;
    const app = await api(service, "/api/apps", { method: "POST", cookie: ws.user.cookie, json: { name: "Bound app" } });
    expect(app.status, app.text).toBe(201);
    const path = `/api/apps/${app.body.id}/bindings/supabase`;
    const mark = await count();
    const changes = async () =>
      (await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = 'binding.changed' and seq > $2 order by seq`, [ws.tenantId, mark])).rows.map(
        (r) => ({ actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes }),
      );
    for (const [refused, status] of [
      [() => api(service, path, { method: "PUT", cookie: viewer.cookie, json: { connectionId: id } }), 403],
      [() => api(service, path, { method: "PUT", cookie: ws.user.cookie, json: { connectionId: "not-a-uuid" } }), 400],
      [() => api(service, path, { method: "DELETE", cookie: ws.user.cookie }), 404],
    ] as const) {
      const res = await refused();
      expect(res.status, res.text).toBe(status);
      expect(await count()).toBe(mark);
    }
    const bound = await api(service, path, { method: "PUT", cookie: ws.user.cookie, json: { connectionId: id } });
    expect(bound.status, bound.text).toBe(200);
    const beforeUnbind = await count();
    expect((await api(service, path, { method: "DELETE", cookie: viewer.cookie })).status).toBe(403);
    expect(await count()).toBe(beforeUnbind);
    const unbound = await api(service, path, { method: "DELETE", cookie: ws.user.cookie });
    expect(unbound.status, unbound.text).toBe(204);
    const me = { type: "person", id: ws.user.userId, email: ws.user.email };
    const target = `connection:${id}`;
    expect(await changes()).toEqual([
      { actor: me, target, changes: { appId: app.body.id, connectionId: id, provider: "supabase", bound: true } },
      { actor: me, target, changes: { appId: app.body.id, connectionId: id, provider: "supabase", bound: false } },
    ]);
  });
});
