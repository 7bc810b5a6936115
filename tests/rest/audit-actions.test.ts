import { describe, expect, it } from "vitest";
import { appWithKey, invitedPerson, workspaceWithPeople } from "../support/actors";
import { suiteSetUp } from "../support/suite-resource";
import { api, signUp, type ApiResponse, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

/**
 * Issue 20 section 4: each workspace change the audit log records writes one row with the
 * right actor and target, in the change's transaction; a refused change (403/400) writes none.
 * Driven over REST as a person (session cookie) or a program (an `svc_sk_` key) would.
 */
describe("audit log: workspace actions", () => {
  const service = sharedService();
  const ws = suiteSetUp(() => workspaceWithPeople(service, { slugPrefix: "act", people: { viewer: "viewer", member: "member" } }), 120_000);

  const person = (user: TestUser) => ({ type: "person", id: user.userId, email: user.email });
  const count = async () => (await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n as number;
  /** The rows of one action since `after` (a count), oldest first: actor, target and what changed. */
  const rows = async (action: string, after = 0) =>
    (
      await service.db.query(
        `select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = $2 and seq > $3 order by seq`,
        [ws.tenantId, action, after],
      )
    ).rows.map((r) => ({ actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes }));
  const as = (user: TestUser, path: string, method: string, json?: unknown) => api(service, path, { method, cookie: user.cookie, json });
  /** Runs a refused request and checks it wrote no audit row. */
  const refusedWithoutRow = async (request: () => Promise<ApiResponse>, status: number) => {
    const before = await count();
    const res = await request();
    expect(res.status, res.text).toBe(status);
    expect(await count()).toBe(before);
  };

  it("app created and deleted", async () => {
    const mark = await count();
    const created = await as(ws.user, "/api/apps", "POST", { name: "Billing" });
    expect(created.status, created.text).toBe(201);
    const appId = created.body.id as string;
    expect(await rows("app.created", mark)).toEqual([{ actor: person(ws.user), target: `app:${appId}`, changes: { name: "Billing" } }]);
    await refusedWithoutRow(() => as(ws.viewer, "/api/apps", "POST", { name: "Nope" }), 403);
    await refusedWithoutRow(() => as(ws.user, "/api/apps", "POST", { name: "" }), 400);
    await refusedWithoutRow(() => as(ws.user, `/api/apps/${appId}?confirmName=Wrong`, "DELETE"), 400);
    await refusedWithoutRow(() => as(ws.viewer, `/api/apps/${appId}?confirmName=Billing`, "DELETE"), 403);
    const deleted = await as(ws.member, `/api/apps/${appId}?confirmName=Billing`, "DELETE");
    expect(deleted.status, deleted.text).toBe(204);
    expect(await rows("app.deleted", mark)).toEqual([{ actor: person(ws.member), target: `app:${appId}`, changes: { name: "Billing" } }]);
  });

  it("variable set and deleted: its name, never its value", async () => {
    const { appId, apiKey } = await appWithKey(service, ws.user, "Env app");
    const keyId = (await service.db.query(`select id from app_keys where display_prefix = $1`, [apiKey.slice(0, 13)])).rows[0].id as string;
    const mark = await count();
    const set = await as(ws.user, `/api/apps/${appId}/env/API_TOKEN`, "PUT", { value: "very-secret-value-123" });
    expect(set.status, set.text).toBe(204);
    // A program with the app's key replaces it: the key is the actor.
    const replaced = await api(service, `/api/apps/${appId}/env/API_TOKEN`, { method: "PUT", headers: { authorization: `Bearer ${apiKey}` }, json: { value: "other-secret" } });
    expect(replaced.status, replaced.text).toBe(204);
    expect(await rows("variable.set", mark)).toEqual([
      { actor: person(ws.user), target: `app:${appId}`, changes: { name: "API_TOKEN", replaced: false } },
      { actor: { type: "key", id: keyId, name: null }, target: `app:${appId}`, changes: { name: "API_TOKEN", replaced: true } },
    ]);
    const stored = (await service.db.query(`select string_agg(changes::text || actor::text, ' ') as all from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].all as string;
    expect(stored).not.toContain("secret");
    await refusedWithoutRow(() => as(ws.viewer, `/api/apps/${appId}/env/OTHER`, "PUT", { value: "x" }), 403);
    await refusedWithoutRow(() => as(ws.user, `/api/apps/${appId}/env/BAD-NAME`, "PUT", { value: "x" }), 400);
    await refusedWithoutRow(() => as(ws.user, `/api/apps/${appId}/env/MISSING`, "DELETE"), 404);
    const removed = await as(ws.user, `/api/apps/${appId}/env/API_TOKEN`, "DELETE");
    expect(removed.status, removed.text).toBe(204);
    expect(await rows("variable.deleted", mark)).toEqual([{ actor: person(ws.user), target: `app:${appId}`, changes: { name: "API_TOKEN" } }]);
  });

  it("allowed origin added and removed", async () => {
    const { appId } = await appWithKey(service, ws.user, "Origins app");
    const mark = await count();
    const first = await as(ws.user, `/api/apps/${appId}/origins`, "PUT", { origins: ["https://a.example.com", "https://b.example.com"] });
    expect(first.status, first.text).toBe(200);
    const second = await as(ws.user, `/api/apps/${appId}/origins`, "PUT", { origins: ["https://b.example.com"] });
    expect(second.status, second.text).toBe(200);
    const target = `app:${appId}`;
    expect(await rows("origin.added", mark)).toEqual([
      { actor: person(ws.user), target, changes: { origin: "https://a.example.com" } },
      { actor: person(ws.user), target, changes: { origin: "https://b.example.com" } },
    ]);
    expect(await rows("origin.removed", mark)).toEqual([{ actor: person(ws.user), target, changes: { origin: "https://a.example.com" } }]);
    await refusedWithoutRow(() => as(ws.user, `/api/apps/${appId}/origins`, "PUT", { origins: ["not an origin"] }), 400);
    await refusedWithoutRow(() => as(ws.viewer, `/api/apps/${appId}/origins`, "PUT", { origins: ["https://c.example.com"] }), 403);
  });

  it("key minted and revoked", async () => {
    const app = await as(ws.user, "/api/apps", "POST", { name: "Keys app" });
    const mark = await count();
    const minted = await as(ws.user, "/api/keys", "POST", { appId: app.body.id, name: "reports job" });
    expect(minted.status, minted.text).toBe(201);
    const keyId = minted.body.id as string;
    expect(await rows("key.minted", mark)).toEqual([
      { actor: person(ws.user), target: `key:${keyId}`, changes: { name: "reports job", purpose: "app", prefix: minted.body.prefix, appId: app.body.id, issuedTo: ws.user.email } },
    ]);
    await refusedWithoutRow(() => as(ws.viewer, "/api/keys", "POST", { appId: app.body.id }), 403);
    await refusedWithoutRow(() => as(ws.user, "/api/keys", "POST", { appId: "00000000-0000-4000-8000-000000000000" }), 404);
    await refusedWithoutRow(() => as(ws.viewer, `/api/keys/${keyId}`, "DELETE"), 403);
    const revoked = await as(ws.user, `/api/keys/${keyId}`, "DELETE");
    expect(revoked.status, revoked.text).toBe(204);
    expect(await rows("key.revoked", mark)).toEqual([{ actor: person(ws.user), target: `key:${keyId}`, changes: { name: "reports job", purpose: "app", prefix: minted.body.prefix } }]);
    await refusedWithoutRow(() => as(ws.user, `/api/keys/${keyId}`, "DELETE"), 404); // already revoked
  });

  it("member invited, joined, role changed and removed", async () => {
    const joining = await signUp(service);
    const mark = await count();
    await refusedWithoutRow(() => as(ws.member, "/api/tenants/me/invitations", "POST", { email: joining.email, role: "member" }), 403);
    await refusedWithoutRow(() => as(ws.user, "/api/tenants/me/invitations", "POST", { email: joining.email, role: "admin" }), 400);
    await invitedPerson(service, ws.user, "member", joining);
    const [invited] = await rows("member.invited", mark);
    expect(invited).toEqual({ actor: person(ws.user), target: expect.stringMatching(/^invitation:[0-9a-f-]{36}$/), changes: { email: joining.email, role: "member" } });
    expect(await rows("member.joined", mark)).toEqual([{ actor: person(joining), target: `person:${joining.userId}`, changes: { userId: joining.userId, email: joining.email, role: "member" } }]);

    await refusedWithoutRow(() => as(ws.member, `/api/tenants/me/members/${joining.userId}`, "PATCH", { role: "viewer" }), 403);
    await refusedWithoutRow(() => as(ws.user, `/api/tenants/me/members/${joining.userId}`, "PATCH", { role: "admin" }), 400);
    const changed = await as(ws.user, `/api/tenants/me/members/${joining.userId}`, "PATCH", { role: "viewer" });
    expect(changed.status, changed.text).toBe(200);
    expect(await rows("member.role_changed", mark)).toEqual([{ actor: person(ws.user), target: `person:${joining.userId}`, changes: { from: "member", to: "viewer" } }]);

    await refusedWithoutRow(() => as(ws.member, `/api/tenants/me/members/${joining.userId}`, "DELETE"), 403);
    const removed = await as(ws.user, `/api/tenants/me/members/${joining.userId}`, "DELETE");
    expect(removed.status, removed.text).toBe(204);
    expect(await rows("member.removed", mark)).toEqual([{ actor: person(ws.user), target: `person:${joining.userId}`, changes: { userId: joining.userId, email: joining.email, role: "viewer" } }]);
  });

  it("deployment registered, changed and deleted", async () => {
    const mark = await count();
    await refusedWithoutRow(() => as(ws.viewer, "/api/deployments", "POST", { name: "audited-tool", upstreamUrl: "http://127.0.0.1:9" }), 403);
    const created = await as(ws.user, "/api/deployments", "POST", { name: "audited-tool", upstreamUrl: "http://127.0.0.1:9" });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect(await rows("deployment.registered", mark)).toEqual([
      { actor: person(ws.user), target: `deployment:${id}`, changes: expect.objectContaining({ deploymentId: id, name: "audited-tool", access: "members" }) },
    ]);
    await refusedWithoutRow(() => as(ws.user, "/api/deployments/audited-tool", "PATCH", {}), 400);
    await refusedWithoutRow(() => as(ws.viewer, "/api/deployments/audited-tool", "PATCH", { access: "public" }), 403);
    const changed = await as(ws.member, "/api/deployments/audited-tool", "PATCH", { access: "public" });
    expect(changed.status, changed.text).toBe(200);
    expect(await rows("deployment.changed", mark)).toEqual([{ actor: person(ws.member), target: `deployment:${id}`, changes: { name: "audited-tool", access: { from: "members", to: "public" } } }]);
    await refusedWithoutRow(() => as(ws.viewer, "/api/deployments/audited-tool", "DELETE"), 403);
    const deleted = await as(ws.user, "/api/deployments/audited-tool", "DELETE");
    expect(deleted.status, deleted.text).toBe(204);
    expect(await rows("deployment.deleted", mark)).toEqual([{ actor: person(ws.user), target: `deployment:${id}`, changes: expect.objectContaining({ deploymentId: id, name: "audited-tool" }) }]);
  });

  it("agent token issued and revoked", async () => {
    expect((await as(ws.user, "/api/deployments", "POST", { name: "agent-tool", upstreamUrl: "http://127.0.0.1:9" })).status).toBe(201);
    const mark = await count();
    await refusedWithoutRow(() => as(ws.viewer, "/api/deployments/agent-tool/agent-tokens", "POST", {}), 403);
    const issued = await as(ws.member, "/api/deployments/agent-tool/agent-tokens", "POST", {});
    expect(issued.status, issued.text).toBe(201);
    const id = (await service.db.query(`select id from deployment_agent_tokens where created_by = $1`, [ws.member.userId])).rows[0].id as string;
    const [row] = await rows("agent_token.issued", mark);
    expect(row).toEqual({ actor: person(ws.member), target: `agent_token:${id}`, changes: { deploymentId: expect.any(String), prefix: expect.stringMatching(/^svc_at_/) } });
    expect(JSON.stringify(row)).not.toContain(issued.body.token);
    await refusedWithoutRow(() => as(ws.viewer, `/api/deployments/agent-tool/agent-tokens/${id}`, "DELETE"), 403);
    const revoked = await as(ws.user, `/api/deployments/agent-tool/agent-tokens/${id}`, "DELETE");
    expect(revoked.status, revoked.text).toBe(204);
    expect(await rows("agent_token.revoked", mark)).toEqual([{ actor: person(ws.user), target: `agent_token:${id}`, changes: { deploymentId: row!.changes.deploymentId, prefix: row!.changes.prefix } }]);
    await refusedWithoutRow(() => as(ws.user, `/api/deployments/agent-tool/agent-tokens/${id}`, "DELETE"), 404);
  });

  it("every row of the workspace still verifies", async () => {
    const check = await api(service, "/api/audit-log/verify", { cookie: ws.user.cookie });
    expect([check.status, check.body.valid, check.body.rowsChecked]).toEqual([200, true, await count()]);
  });
});
