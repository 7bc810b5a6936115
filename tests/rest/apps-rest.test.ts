import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appWithKey, workspaceWithPeople } from "../support/actors";
import { suiteSetUp } from "../support/suite-resource";
import { api } from "../support/http";
import { sharedService } from "../support/shared-service";

/** Issue 16, 3: apps, variables, origins and keys over REST obey the dashboard's permission rules. */
describe("apps and keys over REST", () => {
  const service = sharedService();
  /** An owner, a viewer and a member of one workspace, and the owner's app (with a key and a variable). */
  const team = suiteSetUp(async () => {
    const team = await workspaceWithPeople(service, { slugPrefix: "apps", people: { viewer: "viewer", member: "member" } });
    const { appId, apiKey } = await appWithKey(service, team.user, "Reports");
    const set = await api(service, `/api/apps/${appId}/env/API_URL`, { method: "PUT", cookie: team.user.cookie, json: { value: "https://api.example.com" } });
    expect(set.status).toBe(204);
    return { ...team, appId, ownerKey: apiKey };
  });

  const rows = async (sql: string, params: unknown[]) => (await service.db.query(sql, params)).rows;

  it("lets a viewer read apps and variable names, never values, and change nothing", async () => {
    const apps = await api(service, "/api/apps", { cookie: team.viewer.cookie });
    expect(apps.status).toBe(200);
    expect(apps.body.apps.map((a: { id: string }) => a.id)).toContain(team.appId);
    const env = await api(service, `/api/apps/${team.appId}/env`, { cookie: team.viewer.cookie });
    expect(env.status).toBe(200);
    expect(env.body.variables).toEqual([{ key: "API_URL", kind: "user", value: null, updatedAt: expect.any(String) }]);
    const ownerView = await api(service, `/api/apps/${team.appId}/env`, { cookie: team.user.cookie });
    expect(ownerView.body.variables[0].value).toBe("https://api.example.com");

    const before = await rows("select count(*)::int as n from apps where tenant_id = $1", [team.tenantId]);
    const refused = [
      await api(service, "/api/apps", { method: "POST", cookie: team.viewer.cookie, json: { name: "Nope" } }),
      await api(service, `/api/apps/${team.appId}/env/API_URL`, { method: "PUT", cookie: team.viewer.cookie, json: { value: "x" } }),
      await api(service, `/api/apps/${team.appId}/origins`, { method: "PUT", cookie: team.viewer.cookie, json: { origins: ["https://x.example"] } }),
      await api(service, "/api/keys", { method: "POST", cookie: team.viewer.cookie, json: { appId: team.appId } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(refused.map((r) => r.body.message)).toEqual(["Viewers cannot change apps", "Viewers cannot change apps", "Viewers cannot change apps", "Viewers cannot manage API keys"]);
    expect(await rows("select count(*)::int as n from apps where tenant_id = $1", [team.tenantId])).toEqual(before);
    expect(await rows("select value_ciphertext is not null as kept from app_env_vars where app_id = $1", [team.appId])).toHaveLength(1);
  });

  it("lets a member manage apps, variables, origins and keys", async () => {
    const created = await api(service, "/api/apps", { method: "POST", cookie: team.member.cookie, json: { name: "Member app" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Member app", tenantId: team.tenantId, createdBy: team.member.userId, kind: "app" });
    const id = created.body.id;
    expect((await api(service, `/api/apps/${id}`, { method: "PATCH", cookie: team.member.cookie, json: { name: "Renamed" } })).body.name).toBe("Renamed");
    expect((await api(service, `/api/apps/${id}/env/TOKEN`, { method: "PUT", cookie: team.member.cookie, json: { value: "s3cret" } })).status).toBe(204);
    expect((await api(service, `/api/apps/${id}/env/TOKEN`, { method: "DELETE", cookie: team.member.cookie })).status).toBe(204);
    expect((await api(service, `/api/apps/${id}/env`, { cookie: team.member.cookie })).body).toEqual({ variables: [] });
    const key = await api(service, "/api/keys", { method: "POST", cookie: team.member.cookie, json: { appId: id, name: "job" } });
    expect(key.status).toBe(201);
    expect(key.body.apiKey).toMatch(/^svc_sk_/);
    expect((await api(service, `/api/keys/${key.body.id}`, { method: "DELETE", cookie: team.member.cookie })).status).toBe(204);
    expect(await rows("select revoked_at is not null as revoked from app_keys where id = $1", [key.body.id])).toEqual([{ revoked: true }]);
    const wrong = await api(service, `/api/apps/${id}?confirmName=Other`, { method: "DELETE", cookie: team.member.cookie });
    expect([wrong.status, wrong.body]).toEqual([400, { message: "Type the app's name to confirm" }]);
    expect((await api(service, `/api/apps/${id}?confirmName=Renamed`, { method: "DELETE", cookie: team.member.cookie })).status).toBe(204);
    expect(await rows("select id from apps where id = $1", [id])).toEqual([]);
  });

  it("answers a workspace key like its issuer, and refuses cross-site writes with a cookie", async () => {
    const withKey = { headers: { authorization: `Bearer ${team.ownerKey}` } };
    const byKey = await api(service, "/api/apps", { method: "POST", ...withKey, json: { name: "From a script" } });
    expect(byKey.status).toBe(201);
    expect(byKey.body.createdBy).toBe(team.user.userId);
    const origins = await api(service, `/api/apps/${team.appId}/origins`, { method: "PUT", ...withKey, json: { origins: ["https://reports.example.com"] } });
    expect(origins.body).toEqual({ allowedOrigins: ["https://reports.example.com"] });
    const crossSite = await api(service, "/api/apps", { method: "POST", cookie: team.user.cookie, json: { name: "Forged" }, headers: { origin: "https://elsewhere.example" } });
    expect([crossSite.status, crossSite.body]).toEqual([403, { message: "Cross-origin request refused: this action must come from the service's own pages" }]);
    expect(await rows("select id from apps where name = 'Forged'", [])).toEqual([]);
  });

  it("binds a workspace connection to an app for its provider, lists it, and unbinds it, as members may and viewers may not", async () => {
    const connectionId = randomUUID();
    await service.db.query(
      `insert into connections (id, tenant_id, provider, external_id, display_name, profile, metadata, created_by) values ($1, $2, 'github', $3, 'Acme GitHub', 'broker_managed', '{}', $4)`,
      [connectionId, team.tenantId, `svc_conn_${randomBytes(9).toString("base64url")}`, team.user.userId],
    );
    const path = `/api/apps/${team.appId}/bindings/github`;
    const byViewer = await api(service, path, { method: "PUT", cookie: team.viewer.cookie, json: { connectionId } });
    expect([byViewer.status, byViewer.body]).toEqual([403, { message: "Viewers cannot manage connections" }]);
    const otherProvider = await api(service, `/api/apps/${team.appId}/bindings/slack`, { method: "PUT", cookie: team.member.cookie, json: { connectionId } });
    expect([otherProvider.status, otherProvider.body]).toEqual([404, { message: "Connection not found" }]);
    expect(await rows("select provider from app_connection_bindings where app_id = $1", [team.appId])).toEqual([]);

    const bound = await api(service, path, { method: "PUT", cookie: team.member.cookie, json: { connectionId } });
    expect(bound.status).toBe(200);
    expect(bound.body).toMatchObject({ provider: "github", connectionId, displayName: "Acme GitHub", profile: "broker_managed" });
    expect((await api(service, `/api/apps/${team.appId}/bindings`, { cookie: team.viewer.cookie })).body).toEqual({ bindings: [bound.body] });
    expect((await api(service, path, { headers: { authorization: `Bearer ${team.ownerKey}` } })).body).toEqual(bound.body);

    expect((await api(service, path, { method: "DELETE", cookie: team.viewer.cookie })).status).toBe(403);
    expect((await api(service, path, { method: "DELETE", cookie: team.member.cookie })).status).toBe(204);
    expect(await rows("select provider from app_connection_bindings where app_id = $1", [team.appId])).toEqual([]);
    const gone = await api(service, path, { cookie: team.member.cookie });
    expect([gone.status, gone.body]).toEqual([404, { message: "Binding not found" }]);
  });
});
