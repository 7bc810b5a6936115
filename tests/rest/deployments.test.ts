import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueEmail, uniqueSlug, type TestUser } from "../support/http";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { startService, type RunningService } from "../support/service";
import { appWithKey, invitedPerson, signedInOwner } from "../support/actors";
import { appRequest } from "../support/app-host";

/** Issue 8 section 2: deployments over REST, with a session cookie or an svc_sk_ key, per role. */
describe("deployments", () => {
  let service: RunningService;
  let upstream: EchoUpstream;
  let owner: TestUser;
  let slug: string;
  let tenantId: string;
  let key: string;

  beforeAll(async () => {
    [service, upstream] = await Promise.all([startService({ label: "deployments", env: { HEALTH_CHECK_INTERVAL_SECONDS: "1" } }), startEchoUpstream()]);
    ({ user: owner, tenantId, slug } = await signedInOwner(service, { slugPrefix: "dep", name: "Deploy Co" }));
    key = (await appWithKey(service, owner)).apiKey;
  });
  afterAll(async () => {
    await upstream?.close();
    await service?.stop();
  });

  const port = () => new URL(service.url).port;
  const create = (body: unknown, auth: { cookie?: string; key?: string } = { cookie: owner.cookie }) =>
    api(service, "/api/deployments", { method: "POST", cookie: auth.cookie, json: body, headers: auth.key ? { authorization: `Bearer ${auth.key}` } : {} });
  const count = async () => (await service.db.query("select count(*)::int as n from deployments where tenant_id = $1", [tenantId])).rows[0].n;

  it("creates a deployment with an app of its own and answers 201 with it", async () => {
    const appsBefore = (await service.db.query("select count(*)::int as n from apps where tenant_id = $1", [tenantId])).rows[0].n;
    const res = await create({ name: "reports", upstreamUrl: upstream.url });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "reports",
      upstreamUrl: upstream.url,
      access: "members",
      manifest: null,
      integrations: [],
      url: `http://reports--${slug}.localhost:${port()}/`,
      createdBy: owner.userId,
    });
    const app = (await service.db.query("select name, tenant_id from apps where id = $1", [res.body.appId])).rows[0];
    expect(app).toEqual({ name: "reports", tenant_id: tenantId });
    expect((await service.db.query("select count(*)::int as n from apps where tenant_id = $1", [tenantId])).rows[0].n).toBe(appsBefore + 1);
  });

  it("joins the workspace's app of its name rather than making a second one (issue 28, 6)", async () => {
    const made = await api(service, "/api/apps", { method: "POST", cookie: owner.cookie, json: { name: "ledger" } });
    expect(made.status).toBe(201);
    await api(service, `/api/apps/${made.body.id}/env/LEDGER_TOKEN`, { method: "PUT", cookie: owner.cookie, json: { value: "t0k" } });
    const res = await create({ name: "ledger", upstreamUrl: upstream.url });
    expect([res.status, res.body.appId]).toEqual([201, made.body.id]);
    expect((await service.db.query("select count(*)::int as n from apps where tenant_id = $1 and name = 'ledger'", [tenantId])).rows[0].n).toBe(1);
    expect((await api(service, "/api/deployments/ledger", { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
  });

  it("takes a manifest, validated against the published schema, and lists its integrations", async () => {
    const manifest = "name: dashboards\nport: 8080\naccess: public\nhealthcheck: /healthz\nintegrations: [github]\n";
    const res = await create({ name: "dashboards", upstreamUrl: upstream.url, manifest });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ access: "public", manifest, integrations: ["github"] });
    const bad = await create({ name: "broken", upstreamUrl: upstream.url, manifest: "name: broken\nacess: public\n" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid manifest: unknown field "acess" (line 2)');
    expect(bad.body.problems).toEqual([{ path: "", message: 'unknown field "acess"', line: 2, column: 1 }]);
    const schema = await api(service, "/schemas/vendo.schema.json");
    expect(schema.status).toBe(200);
    expect(schema.headers.get("content-type")).toBe("application/schema+json");
    expect(JSON.parse(schema.text)).toMatchObject({ $id: "vendo.schema.json", additionalProperties: false, required: ["name"] });
  });

  it("refuses bad input with 400/409 and writes nothing (no stray app either)", async () => {
    const before = await count();
    const apps = (await service.db.query("select count(*)::int as n from apps where tenant_id = $1", [tenantId])).rows[0].n;
    const cases: [unknown, number, string][] = [
      [{ name: "A", upstreamUrl: upstream.url }, 400, "Deployment name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end"],
      [{ name: "two--dashes", upstreamUrl: upstream.url }, 400, "Deployment name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end"],
      [{ name: "me", upstreamUrl: upstream.url }, 400, "This deployment name is reserved"],
      [{ name: "okname", upstreamUrl: "ftp://example.com" }, 400, "Upstream URL must be an http or https URL"],
      [{ name: "okname", upstreamUrl: "http://user:pw@127.0.0.1/" }, 400, "Upstream URL must be an http or https URL"],
      [{ name: "okname", upstreamUrl: "http://169.254.169.254/latest/meta-data" }, 400, "Upstream address not allowed: 169.254.169.254 is a link-local address"],
      [{ name: "okname", upstreamUrl: "http://[fe80::1]/" }, 400, "Upstream address not allowed: fe80::1 is a link-local address"],
      [{ name: "okname", upstreamUrl: "http://0.0.0.0/" }, 400, "Upstream address not allowed: 0.0.0.0 is an unspecified address"],
      [{ name: "reports", upstreamUrl: upstream.url }, 409, "A deployment with this name already exists"],
      [{ name: "okname", upstreamUrl: upstream.url, appId: crypto.randomUUID() }, 404, "App not found"],
      [{ name: "okname", upstreamUrl: upstream.url, manifest: "name: other\n" }, 400, "Invalid manifest: its name (other) is not the deployment's (okname)"],
      // A YAML bomb: three levels of aliases, nine each (not a 500, and nothing expanded into the database).
      [
        { name: "okname", upstreamUrl: upstream.url, manifest: "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nname: okname\n" },
        400,
        "Invalid manifest: invalid YAML: its aliases expand too many times (anchors may be used, but not to multiply the document)",
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await count()).toBe(before);
    expect((await service.db.query("select count(*)::int as n from apps where tenant_id = $1", [tenantId])).rows[0].n).toBe(apps);
  });

  it("answers a name that cannot be decoded (malformed percent-encoding) with 404, never a 500", async () => {
    const count = async () => (await service.db.query("select count(*)::int as n from deployments")).rows[0].n;
    const before = await count();
    for (const name of ["%E0%A4%A", "%", "%ZZ"]) {
      for (const method of ["GET", "DELETE"]) {
        const res = await api(service, `/api/deployments/${name}`, { method, cookie: owner.cookie });
        expect([name, method, res.status, res.body]).toEqual([name, method, 404, { message: "Deployment not found" }]);
      }
      // PATCH validates the name like any field of its input: a name no deployment could have is refused by the name rule.
      const patched = await api(service, `/api/deployments/${name}`, { method: "PATCH", cookie: owner.cookie, json: { access: "public" } });
      expect([name, patched.status, patched.body]).toEqual([name, 400, { message: "Deployment name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end" }]);
    }
    expect(await count()).toBe(before);
  });

  it("works with an svc_sk_ key of the workspace: list, get, patch, delete", async () => {
    const created = await create({ name: "keyed-tool", upstreamUrl: upstream.url }, { key });
    expect(created.status).toBe(201);
    const auth = { authorization: `Bearer ${key}` };
    const list = await api(service, "/api/deployments", { headers: auth });
    expect(list.body.deployments.map((d: { name: string }) => d.name)).toEqual(["dashboards", "keyed-tool", "reports"]);
    expect((await api(service, "/api/deployments/keyed-tool", { headers: auth })).body.name).toBe("keyed-tool");
    const patched = await api(service, "/api/deployments/keyed-tool", { method: "PATCH", headers: auth, json: { access: "public" } });
    expect(patched.status).toBe(200);
    expect(patched.body.access).toBe("public");
    expect((await api(service, "/api/deployments/keyed-tool", { method: "PATCH", headers: auth, json: {} })).body).toEqual({ message: "No changes" });
    expect((await api(service, "/api/deployments/keyed-tool", { method: "DELETE", headers: auth })).status).toBe(204);
    expect((await api(service, "/api/deployments/keyed-tool", { headers: auth })).status).toBe(404);
    expect((await api(service, "/api/deployments", { headers: { authorization: "Bearer svc_sk_nope" } })).status).toBe(401);
    expect((await api(service, "/api/deployments")).status).toBe(401);
  });

  it("lets viewers read but not change; members manage", async () => {
    const viewer = await invitedPerson(service, owner, "viewer", await signUp(service, uniqueEmail("viewer")));
    expect((await api(service, "/api/deployments", { cookie: viewer.cookie })).status).toBe(200);
    const refused = await create({ name: "viewer-tool", upstreamUrl: upstream.url }, { cookie: viewer.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Viewers cannot manage deployments" });
    expect((await api(service, "/api/deployments/reports", { method: "DELETE", cookie: viewer.cookie })).status).toBe(403);
    expect((await service.db.query("select count(*)::int as n from deployments where name = 'viewer-tool'")).rows[0].n).toBe(0);
  });

  it("checks health in the background and shows it", async () => {
    const healthOf = async (name: string) => (await api(service, `/api/deployments/${name}`, { cookie: owner.cookie })).body.health;
    // The first verdict seen, whatever it is, is the one asserted (not a later check's).
    const checked = async (name: string) => {
      let health: { status: string } | undefined;
      await expect.poll(async () => (health = await healthOf(name)).status).not.toBe("unknown");
      return health;
    };
    expect(await checked("reports")).toMatchObject({ status: "healthy", detail: "HTTP 200" });
    const down = await create({ name: "down-tool", upstreamUrl: "http://127.0.0.1:9/" });
    expect(down.status).toBe(201);
    expect(await checked("down-tool")).toMatchObject({ status: "unhealthy", detail: "connection refused" });
  });
});

describe("upstream address policy when BASE_URL is not a loopback URL", () => {
  let service: RunningService;
  let allowing: RunningService;
  beforeAll(async () => {
    [service, allowing] = await Promise.all([
      startService({ label: "ssrf", env: { BASE_URL: "http://svc.example.test" } }),
      startService({ label: "ssrf-allow", env: { BASE_URL: "http://svc.example.test", APP_PROXY_ALLOWED_UPSTREAMS: "127.0.0.0/8, 10.0.0.0/8" } }),
    ]);
  });
  afterAll(async () => {
    await service?.stop();
    await allowing?.stop();
  });

  it("refuses loopback and private upstreams unless listed in APP_PROXY_ALLOWED_UPSTREAMS", async () => {
    for (const target of [service, allowing]) {
      const user = await signUp(target);
      await createTenant(target, user, uniqueSlug("ssrf"));
      const post = (upstreamUrl: string) => api(target, "/api/deployments", { method: "POST", cookie: user.cookie, json: { name: uniqueSlug("t"), upstreamUrl } });
      const loopback = await post("http://127.0.0.1:8080/");
      const privateNet = await post("http://10.1.2.3/");
      const otherPrivate = await post("http://192.168.1.10/");
      const mapped = await post("http://[::ffff:127.0.0.1]/");
      if (target === service) {
        expect(loopback.body).toEqual({ message: "Upstream address not allowed: 127.0.0.1 is a loopback address (allow it with APP_PROXY_ALLOWED_UPSTREAMS)" });
        expect(privateNet.status).toBe(400);
        expect(mapped.status).toBe(400);
      } else {
        expect(loopback.status).toBe(201);
        expect(privateNet.status).toBe(201);
        expect(mapped.status).toBe(201);
      }
      expect(otherPrivate.body).toEqual({ message: "Upstream address not allowed: 192.168.1.10 is a private address (allow it with APP_PROXY_ALLOWED_UPSTREAMS)" });
      expect((await post("http://169.254.169.254/")).status).toBe(400);
    }
  });
});

describe("upstream address policy at request time", () => {
  let registering: RunningService;
  let upstream: EchoUpstream;
  afterAll(async () => {
    await registering?.stop();
    await upstream?.close();
  });

  it("answers 502 through the proxy when an upstream registered under a wider policy is no longer allowed", async () => {
    [registering, upstream] = await Promise.all([
      startService({ label: "ssrf-late", env: { BASE_URL: "http://svc.example.test", APP_PROXY_ALLOWED_UPSTREAMS: "127.0.0.0/8, ::1/128" } }),
      startEchoUpstream(),
    ]);
    const user = await signUp(registering);
    const slug = uniqueSlug("late");
    await createTenant(registering, user, slug);
    const names = { literal: uniqueSlug("lit"), named: uniqueSlug("dns") };
    for (const [name, upstreamUrl] of [[names.literal, upstream.url], [names.named, `http://localhost:${upstream.port}/`]] as const) {
      const created = await api(registering, "/api/deployments", { method: "POST", cookie: user.cookie, json: { name, upstreamUrl, access: "public" } });
      expect(created.status).toBe(201);
    }
    // The same database served with the policy narrowed (as after a configuration change).
    const narrowed = await startService({ label: "ssrf-late-2", databaseUrl: registering.databaseUrl, env: { BASE_URL: "http://svc.example.test" } });
    try {
      const port = new URL(narrowed.url).port;
      for (const name of [names.literal, names.named]) {
        const answer = await appRequest(narrowed.url, `${name}--${slug}.localhost:${port}`, "/");
        expect(answer.status).toBe(502);
        expect(answer.text).toContain(`The tool ${name} could not be reached: its address is not allowed.`);
      }
      // Health checks reach the tool from the registering service; proxied requests never did.
      const proxied = upstream.seen.filter((r) => r.rawHeaders.some((h) => h.toLowerCase() === "x-forwarded-host"));
      expect(proxied).toHaveLength(0);
      // Under the wider policy the same tools answer.
      const regPort = new URL(registering.url).port;
      expect((await appRequest(registering.url, `${names.literal}--${slug}.localhost:${regPort}`, "/")).status).toBe(200);
    } finally {
      await narrowed.stop();
    }
  });
});
