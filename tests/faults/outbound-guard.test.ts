import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { startService, type RunningService } from "../support/service";
import { appRequest } from "../support/app-host";

/**
 * Issue 17 section 2: every outbound request of the service (the app-proxy's forwarding and
 * the deployment health check) connects only where the upstream address policy allows,
 * IP literals included, and the health check never leaves the registered upstream.
 * The service runs with a non-loopback BASE_URL and only 127.0.0.1/32 allowed, so the
 * "other" listener on 127.0.0.2 is a place the service must never reach.
 */
interface Listener {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function listenOn(host: string): Promise<Listener> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.end("reached");
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  return {
    port: (server.address() as { port: number }).port,
    hits,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe("outbound requests stay where the upstream policy allows", () => {
  let service: RunningService;
  let upstream: EchoUpstream;
  let forbidden: Listener;
  let owner: TestUser;
  let slug: string;

  beforeAll(async () => {
    [service, upstream, forbidden] = await Promise.all([
      startService({ label: "outbound", env: { BASE_URL: "http://svc.example.test", APP_PROXY_ALLOWED_UPSTREAMS: "127.0.0.1/32", HEALTH_CHECK_INTERVAL_SECONDS: "1" } }),
      startEchoUpstream(),
      listenOn("127.0.0.2"),
    ]);
    owner = await signUp(service);
    slug = uniqueSlug("out");
    await createTenant(service, owner, slug);
  });
  afterAll(async () => {
    await upstream?.close();
    await forbidden?.close();
    await service?.stop();
  });

  const create = (body: unknown) => api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: body });
  const rowCount = async (name: string) => (await service.db.query("select count(*)::int as n from deployments where name = $1", [name])).rows[0].n;

  /** Marks the deployment's health unknown, then waits for the next background check to judge it. */
  async function nextHealth(name: string): Promise<{ status: string; detail: string }> {
    await service.db.query("update deployments set health_status = 'unknown', health_detail = null where name = $1", [name]);
    for (let i = 0; i < 100; i++) {
      const health = (await api(service, `/api/deployments/${name}`, { cookie: owner.cookie })).body.health;
      if (health.status !== "unknown") return health;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no health check of ${name} within 10 s`);
  }

  it("refuses a manifest healthcheck that is not a plain path with 400 and writes nothing", async () => {
    for (const healthcheck of [`//127.0.0.2:${forbidden.port}/x`, `"\\\\\\\\127.0.0.2/x"`, `/\\127.0.0.2/x`, `http://127.0.0.2:${forbidden.port}/x`, "//0.0.0.0/x"]) {
      const name = uniqueSlug("hc");
      const res = await create({ name, upstreamUrl: upstream.url, manifest: `name: ${name}\nhealthcheck: ${healthcheck}\n` });
      expect(res.status, healthcheck).toBe(400);
      const problem = "healthcheck must be a path on the tool, starting with one / (like /health), with no scheme, host or backslash";
      expect(res.body, healthcheck).toEqual({ message: `Invalid manifest: ${problem} (line 2)`, problems: [{ path: "/healthcheck", line: 2, column: 14, message: problem }] });
      expect(await rowCount(name)).toBe(0);
    }
    expect(forbidden.hits).toEqual([]);
  });

  it("probes only the registered upstream even when a stored manifest names another host", async () => {
    const name = uniqueSlug("stored");
    expect((await create({ name, upstreamUrl: upstream.url, manifest: `name: ${name}\nhealthcheck: /ok\n` })).status).toBe(201);
    expect(await nextHealth(name)).toEqual(expect.objectContaining({ status: "healthy", detail: "HTTP 200" }));
    // A row written before manifests were checked this strictly.
    await service.db.query("update deployments set manifest = $1 where name = $2", [`name: ${name}\nhealthcheck: //127.0.0.2:${forbidden.port}/x\n`, name]);
    expect(await nextHealth(name)).toEqual(expect.objectContaining({ status: "unhealthy", detail: "the manifest's healthcheck is not a path on the tool" }));
    expect(forbidden.hits).toEqual([]);
  });

  it("never connects to an IP literal the policy refuses: the health check says so and the proxy answers 502", async () => {
    const name = uniqueSlug("literal");
    expect((await create({ name, upstreamUrl: upstream.url, access: "public" })).status).toBe(201);
    // As if registered under a wider policy: the stored upstream is now a refused literal.
    await service.db.query("update deployments set upstream_url = $1 where name = $2", [`http://127.0.0.2:${forbidden.port}`, name]);
    expect(await nextHealth(name)).toEqual(
      expect.objectContaining({ status: "unhealthy", detail: "Upstream address not allowed: 127.0.0.2 is a loopback address (allow it with APP_PROXY_ALLOWED_UPSTREAMS)" }),
    );
    const answer = await appRequest(service.url, `${name}--${slug}.localhost:${new URL(service.url).port}`, "/");
    expect(answer.status).toBe(502);
    expect(answer.text).toContain(`The tool ${name} could not be reached: its address is not allowed.`);
    expect(forbidden.hits).toEqual([]);
  });

  // Issue 17 section 2, IPv6 spellings that embed an IPv4 address: judged by that address.
  const metadata = {
    nat64: "http://[64:ff9b::a9fe:a9fe]/",
    compatible: "http://[::169.254.169.254]/",
    sixToFour: "http://[2002:a9fe:a9fe::]/",
    translated: "http://[::ffff:0:a9fe:a9fe]/",
    mapped: "http://[::ffff:169.254.169.254]/",
  };

  it("refuses IPv6 spellings of a refused IPv4 address at registration, with that address's reason", async () => {
    for (const [kind, upstreamUrl] of Object.entries(metadata)) {
      const name = uniqueSlug("m");
      const res = await create({ name, upstreamUrl });
      expect(res.status, kind).toBe(400);
      expect(res.body.message, kind).toMatch(/^Upstream address not allowed: \S+( embeds 169\.254\.169\.254, which)? is a link-local address$/);
      expect(await rowCount(name)).toBe(0);
    }
    // 127.0.0.2 behind the NAT64 prefix is outside the allowed 127.0.0.1/32.
    const loopbackNat64 = await create({ name: uniqueSlug("m"), upstreamUrl: "http://[64:ff9b::7f00:2]:8080/" });
    expect(loopbackNat64.status).toBe(400);
    expect(loopbackNat64.body).toEqual({ message: "Upstream address not allowed: 64:ff9b::7f00:2 embeds 127.0.0.2, which is a loopback address (allow it with APP_PROXY_ALLOWED_UPSTREAMS)" });
  });

  it("refuses IPv6 spellings of a refused IPv4 address at request time: 502 from the proxy, not allowed in the health", async () => {
    const port = new URL(service.url).port;
    for (const [kind, upstreamUrl] of Object.entries(metadata)) {
      const name = uniqueSlug("r");
      expect((await create({ name, upstreamUrl: upstream.url, access: "public" })).status, kind).toBe(201);
      // As if registered under an older policy.
      await service.db.query("update deployments set upstream_url = $1 where name = $2", [upstreamUrl, name]);
      const answer = await appRequest(service.url, `${name}--${slug}.localhost:${port}`, "/");
      expect(answer.status, kind).toBe(502);
      expect(answer.text, kind).toContain(`The tool ${name} could not be reached: its address is not allowed.`);
      const health = await nextHealth(name);
      expect(health.status, kind).toBe("unhealthy");
      expect(health.detail, kind).toMatch(/^Upstream address not allowed: \S+( embeds 169\.254\.169\.254, which)? is a link-local address$/);
    }
  });
});
