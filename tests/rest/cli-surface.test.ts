import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { signedInOwner } from "../support/actors";
import { trpc } from "../support/trpc";

let service: RunningService;
let admin: TestUser;
let tenantId: string;
beforeAll(async () => {
  service = await startService({ label: "cli" });
  ({ user: admin, tenantId } = await signedInOwner(service)); // the first account: administrator
});
afterAll(() => service?.stop());

const personalKey = (user: TestUser, headers: Record<string, string> = { "content-type": "application/json" }) =>
  api(service, "/api/dev/personal-key", { method: "POST", cookie: user.cookie, body: "{}", headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("POST /api/dev/personal-key", () => {
  it("mints a CLI key bound to the workspace's one CLI app and revokes the previous one", async () => {
    const first = await personalKey(admin);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["apiKey", "appCreated", "appId", "appName", "email", "issuedAt", "tenantId"]);
    // The first login creates the app "CLI" and says so (issue 17: no app created silently).
    expect(first.body).toMatchObject({ tenantId, email: admin.email, appName: "CLI", appCreated: true });
    expect(first.body.apiKey).toMatch(/^svc_sk_[A-Za-z0-9_-]{43}$/);
    expect(first.body.issuedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const second = await personalKey(admin);
    expect(second.body.appId).toBe(first.body.appId);
    expect(second.body).toMatchObject({ appName: "CLI", appCreated: false });
    expect(second.body.apiKey).not.toBe(first.body.apiKey);
    const apps = await service.db.query("select kind, count(*)::int as n from apps where tenant_id = $1 group by kind", [tenantId]);
    expect(apps.rows).toEqual([{ kind: "cli", n: 1 }]);

    expect((await api(service, "/api/cli/whoami", { headers: bearer(first.body.apiKey) })).status).toBe(401);
    expect((await api(service, "/api/cli/whoami", { headers: bearer(second.body.apiKey) })).status).toBe(200);
    const keys = await service.db.query("select revoked_at is not null as revoked from app_keys where issued_by = $1 order by created_at", [admin.userId]);
    expect(keys.rows.map((r) => r.revoked)).toEqual([true, false]);
  });

  it("stores only a hash and a short display prefix", async () => {
    const issued = await personalKey(admin);
    const rows = await service.db.query("select * from app_keys where issued_by = $1 and revoked_at is null", [admin.userId]);
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows[0])).not.toContain(issued.body.apiKey);
    expect(JSON.stringify(rows.rows[0])).not.toContain(issued.body.apiKey.slice(7));
    expect(rows.rows[0].display_prefix).toBe(issued.body.apiKey.slice(0, 13));
  });

  it("refuses non-administrators, users without a workspace, cross-site and non-JSON requests", async () => {
    const member = await signUp(service);
    await createTenant(service, member, uniqueSlug());
    expect(await personalKey(member).then((r) => [r.status, r.body])).toEqual([403, { message: "Forbidden" }]);
    expect((await api(service, "/api/dev/personal-key", { method: "POST" })).status).toBe(401);
    const form = await personalKey(admin, { "content-type": "application/x-www-form-urlencoded" });
    expect([form.status, form.body]).toEqual([400, { message: "Content-Type must be application/json" }]);
    const crossSite = await personalKey(admin, { "content-type": "application/json", origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const count = await service.db.query("select count(*)::int as n from app_keys where issued_by = $1", [member.userId]);
    expect(count.rows[0].n).toBe(0);
  });
});

describe("/api/cli/* with svc_sk_ keys", () => {
  it("whoami answers the key owner's identity and workspace, and the key's use is recorded", async () => {
    const key = (await personalKey(admin)).body;
    const unused = await service.db.query("select last_used_at from app_keys where issued_by = $1 and revoked_at is null", [admin.userId]);
    expect(unused.rows).toEqual([{ last_used_at: null }]);
    const res = await api(service, "/api/cli/whoami", { headers: bearer(key.apiKey) });
    const tenant = await service.db.query("select slug, name from tenants where id = $1", [tenantId]);
    expect([res.status, res.body]).toEqual([
      200,
      {
        userId: admin.userId,
        email: admin.email,
        tenantId,
        tenantSlug: tenant.rows[0].slug,
        tenantName: tenant.rows[0].name,
        appId: key.appId,
        appName: "CLI",
        sshBrokerUrl: `${service.url.replace(/^http/, "ws")}/ssh/v1`,
      },
    ]);
    // Recorded off the request path: wait for it (a second was too little on a busy machine).
    const used = async () => (await service.db.query("select last_used_at from app_keys where issued_by = $1 and revoked_at is null", [admin.userId])).rows[0].last_used_at;
    await expect.poll(used).toBeInstanceOf(Date);
  });

  it("refuses anything that is not a live svc_sk_ key with 401 Missing or invalid Bearer token", async () => {
    const accessToken = admin.cookie.slice("svc_session=".length).split("~")[0]!;
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
      bearer("sk_live_abc"),
      bearer(accessToken),
      bearer(`svc_sk_${"A".repeat(43)}`),
      bearer("svc_sk_short"),
    ];
    for (const path of ["/api/cli/whoami", "/api/cli/env", "/api/cli/balance"]) {
      for (const headers of cases) {
        const res = await api(service, path, { headers });
        expect([path, res.status, res.body]).toEqual([path, 401, { message: "Missing or invalid Bearer token" }]);
      }
    }
  });

  it("refuses two Authorization headers", async () => {
    const key = (await personalKey(admin)).body.apiKey;
    const status = await new Promise<number>((resolve, reject) => {
      const target = new URL(`${service.url}/api/cli/whoami`);
      const req = httpRequest({ hostname: target.hostname, port: target.port, path: target.pathname }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.setHeader("authorization", [`Bearer ${key}`, `Bearer ${key}`]);
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(401);
  });

  it("logout revokes the calling key at once, 204", async () => {
    const key = (await personalKey(admin)).body.apiKey;
    expect((await api(service, "/api/cli/whoami", { headers: bearer(key) })).status).toBe(200);
    const out = await api(service, "/api/cli/logout", { method: "POST", headers: bearer(key) });
    expect(out.status).toBe(204);
    expect((await api(service, "/api/cli/whoami", { headers: bearer(key) })).status).toBe(401);
    expect((await api(service, "/api/cli/logout", { method: "POST", headers: bearer(key) })).status).toBe(401);
  });

  it("env answers JSON by default and a correctly escaped .env with ?format=dotenv", async () => {
    const key = (await personalKey(admin)).body;
    const values: Record<string, string> = { PLAIN: "hello", QUOTED: 'say "hi"', MULTI: "line1\nline2", BACKSLASH: "C:\\path", DOLLAR: "$HOME" };
    for (const [k, value] of Object.entries(values)) {
      const set = await trpc(service, admin, "apps.setEnv", { appId: key.appId, key: k, value });
      expect(set.status).toBe(200);
    }
    const stored = await service.db.query("select key, value_ciphertext from app_env_vars where app_id = $1", [key.appId]);
    for (const row of stored.rows) {
      expect(row.value_ciphertext).toMatch(/^v1\./);
      expect(row.value_ciphertext).not.toContain(values[row.key]);
    }
    const jsonRes = await api(service, "/api/cli/env", { headers: bearer(key.apiKey) });
    expect([jsonRes.status, jsonRes.body]).toEqual([200, { appId: key.appId, appName: "CLI", env: values }]);
    const dotenv = await api(service, "/api/cli/env?format=dotenv", { headers: bearer(key.apiKey) });
    expect(dotenv.status).toBe(200);
    expect(dotenv.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(dotenv.text).toBe(
      ['BACKSLASH="C:\\\\path"', 'DOLLAR="\\$HOME"', 'MULTI="line1\\nline2"', 'PLAIN="hello"', 'QUOTED="say \\"hi\\""', ""].join("\n"),
    );
  });

  it("refuses bad variable names and keeps the table unchanged", async () => {
    const key = (await personalKey(admin)).body;
    const before = await service.db.query("select count(*)::int as n from app_env_vars where app_id = $1", [key.appId]);
    for (const bad of ["1ABC", "A-B", "A B", "", "X".repeat(129)]) {
      const res = await trpc(service, admin, "apps.setEnv", { appId: key.appId, key: bad, value: "v" });
      expect(res.status).toBe(400);
      expect(res.error?.message).toMatch(/Variable names must start with a letter or underscore/);
    }
    const after = await service.db.query("select count(*)::int as n from app_env_vars where app_id = $1", [key.appId]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe("app keys from the API Keys panel", () => {
  it("issues a key for an app (shown once), lists it by prefix, and revoking stops it at once", async () => {
    const app = await trpc(service, admin, "apps.create", { name: "Reporting tool" });
    expect(app.status).toBe(200);
    const created = await trpc(service, admin, "keys.create", { appId: app.data.id });
    expect(created.data.apiKey).toMatch(/^svc_sk_/);
    const list = await trpc(service, admin, "keys.list", undefined, "query");
    const row = list.data.find((k: { id: string }) => k.id === created.data.id);
    expect(row).toMatchObject({ prefix: created.data.apiKey.slice(0, 13), appName: "Reporting tool", purpose: "app", issuedBy: admin.email, revokedAt: null });
    expect(JSON.stringify(list.data)).not.toContain(created.data.apiKey);

    const balance = await api(service, "/api/cli/balance", { headers: bearer(created.data.apiKey) });
    expect(balance.status).toBe(200);
    const revoked = await trpc(service, admin, "keys.revoke", { keyId: created.data.id });
    expect(revoked.status).toBe(200);
    expect((await api(service, "/api/cli/balance", { headers: bearer(created.data.apiKey) })).status).toBe(401);
    expect((await api(service, "/api/v1/balance", { headers: bearer(created.data.apiKey) })).status).toBe(401);
  });

  it("never lets one workspace revoke or use another workspace's keys", async () => {
    const other = await signUp(service);
    const otherTenant = await createTenant(service, other, uniqueSlug());
    const otherApp = await trpc(service, other, "apps.create", { name: "Theirs" });
    const theirKey = await trpc(service, other, "keys.create", { appId: otherApp.data.id });
    const attempt = await trpc(service, admin, "keys.revoke", { keyId: theirKey.data.id });
    expect([attempt.status, attempt.error?.message]).toEqual([404, "Key not found"]);
    const useApp = await trpc(service, admin, "keys.create", { appId: otherApp.data.id });
    expect([useApp.status, useApp.error?.message]).toEqual([404, "App not found"]);
    const whoami = await api(service, "/api/cli/whoami", { headers: bearer(theirKey.data.apiKey) });
    expect(whoami.body.tenantId).toBe(otherTenant.id);
    const balance = await api(service, "/api/v1/balance", { headers: bearer(theirKey.data.apiKey) });
    expect(balance.body.tenantId).toBe(otherTenant.id);
  });
});
