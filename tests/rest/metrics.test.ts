import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRequest, appSession } from "../support/app-host";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { freePort } from "../support/ports";
import { startService, type RunningService } from "../support/service";
import { api, signUp, uniqueEmail } from "../support/http";
import { signedInOwner } from "../support/actors";

/**
 * GET /metrics (README, Metrics): off the public port unless METRICS_TOKEN is set, then only to
 * its bearer; METRICS_PORT serves it on loopback. Labels carry declared paths, never raw URLs.
 */

const TOKEN = "metrics-token-for-the-tests-0123456789";

/** Every sample line's labels, as name → value pairs, and the samples themselves. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const out: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    out.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return out;
}

function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

/** Scrapes until `read` gives what `done` wants (background rounds, closing sockets), at most 10 s. */
async function scrapeUntil(service: RunningService, read: (text: string) => number | undefined, done: (value: number | undefined) => boolean): Promise<number | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read((await scrape(service)).text);
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const scrape = (service: RunningService, token = TOKEN) => api(service, "/metrics", { headers: { authorization: `Bearer ${token}` } });

describe("without METRICS_TOKEN", () => {
  let service: RunningService;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    service = await startService({ label: "metrics-port", env: { METRICS_PORT: String(metricsPort) } });
  });
  afterAll(() => service?.stop());

  it("answers 404 on the public port, with or without a bearer", async () => {
    const plain = await api(service, "/metrics");
    expect(plain.status).toBe(404);
    expect(plain.body).toEqual({ message: "Not found" });
    expect((await scrape(service)).status).toBe(404);
  });

  it("serves the metrics on 127.0.0.1:METRICS_PORT, and nothing else there", async () => {
    await api(service, "/healthz");
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(valueOf(text, "http_request_duration_seconds_count", { method: "GET", route: "/healthz", status_class: "2xx" })).toBeGreaterThanOrEqual(1);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/auth/me`)).status).toBe(404);
  });
});

describe("with METRICS_TOKEN", () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ label: "metrics-token", env: { METRICS_TOKEN: TOKEN, SIGNIN_RATE_LIMIT_PER_ACCOUNT: "2" } });
  });
  afterAll(() => service?.stop());

  it("answers 401 without the token or with a wrong one", async () => {
    const none = await api(service, "/metrics");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: "Unauthorized" });
    expect((await scrape(service, `${TOKEN}x`)).status).toBe(401);
    expect((await api(service, "/metrics", { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it("counts requests by declared route and status class, never by raw path", async () => {
    const owner = await signedInOwner(service);
    for (let i = 0; i < 3; i++) expect((await api(service, "/api/auth/me", { cookie: owner.user.cookie })).status).toBe(200);
    const missingTool = "no-such-tool-7f3a9c";
    expect((await api(service, `/api/deployments/${missingTool}`, { cookie: owner.user.cookie })).status).toBe(404);
    const page = await api(service, "/not-a-page-5d2e8b");
    expect(page.status).toBe(404);

    const res = await scrape(service);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const me = { method: "GET", route: "/api/auth/me", status_class: "2xx" };
    const meCount = valueOf(res.text, "http_request_duration_seconds_count", me);
    expect(meCount).toBeGreaterThanOrEqual(3);
    // Buckets are cumulative and end at the count.
    expect(valueOf(res.text, "http_request_duration_seconds_bucket", { ...me, le: "+Inf" })).toBe(meCount);
    expect(valueOf(res.text, "http_request_duration_seconds_bucket", { ...me, le: "10" })).toBe(meCount);
    expect(res.text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(valueOf(res.text, "http_request_duration_seconds_count", { method: "GET", route: "/api/deployments/{name}", status_class: "4xx" })).toBe(1);
    expect(valueOf(res.text, "http_request_duration_seconds_count", { route: "dashboard", status_class: "4xx" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(res.text, "db_pool_connections", { state: "used" })).toBeGreaterThanOrEqual(0);

    const labelValues = samples(res.text).flatMap((s) => Object.values(s.labels));
    for (const raw of [missingTool, "not-a-page-5d2e8b", owner.user.userId, owner.slug, "127.0.0.1"]) {
      expect(labelValues.filter((value) => value.includes(raw))).toEqual([]);
    }
  });

  it("counts a refused sign-in under its limit", async () => {
    const person = await signUp(service, uniqueEmail("limited"));
    const before = valueOf((await scrape(service)).text, "rate_limit_refusals_total", { limit: "signin-account" }) ?? 0;
    const attempt = () => api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: "wrong password" } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([400, 400, 429]);
    const after = valueOf((await scrape(service)).text, "rate_limit_refusals_total", { limit: "signin-account" });
    expect(after).toBe(before + 1);
  });

  it("counts the storage sweep's round at start", async () => {
    const runs = await scrapeUntil(service, (text) => valueOf(text, "background_job_runs_total", { job: "storage-orphan-sweep", outcome: "ok" }), (value) => (value ?? 0) >= 1);
    expect(runs).toBeGreaterThanOrEqual(1);
  });

  describe("through the app-proxy", () => {
    let upstream: EchoUpstream;
    let owner: Awaited<ReturnType<typeof signedInOwner>>;
    let host: string;
    let session: string;
    beforeAll(async () => {
      upstream = await startEchoUpstream();
      owner = await signedInOwner(service);
      for (const [name, upstreamUrl] of [["tool", upstream.url], ["down", "http://127.0.0.1:9"]]) {
        const res = await api(service, "/api/deployments", { method: "POST", cookie: owner.user.cookie, json: { name, upstreamUrl } });
        if (res.status !== 201) throw new Error(res.text);
      }
      host = `tool--${owner.slug}.localhost:${new URL(service.url).port}`;
      session = await appSession(service.url, host, owner.user.cookie);
    });
    afterAll(() => upstream?.close());

    it("times the tool's answers, counts the unreachable one, and labels both app-proxy", async () => {
      expect((await appRequest(service.url, host, "/reports/2026", { rawHeaders: [["Cookie", session]] })).status).toBe(200);
      const downHost = host.replace("tool--", "down--");
      const downCookie = await appSession(service.url, downHost, owner.user.cookie);
      expect((await appRequest(service.url, downHost, "/", { rawHeaders: [["Cookie", downCookie]] })).status).toBe(502);
      const text = (await scrape(service)).text;
      expect(valueOf(text, "proxy_upstream_duration_seconds_count", { proxy: "app" })).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, "proxy_upstream_errors_total", { proxy: "app", reason: "unreachable" })).toBe(1);
      expect(valueOf(text, "http_request_duration_seconds_count", { method: "GET", route: "app-proxy", status_class: "5xx" })).toBe(1);
      expect(samples(text).flatMap((s) => Object.values(s.labels)).filter((value) => value.includes("/reports") || value.includes(owner.slug))).toEqual([]);
    });

    it("counts an open WebSocket while it is open", async () => {
      const open = (text: string) => valueOf(text, "websockets_open", { kind: "app-proxy" });
      const socket = new WebSocket(`ws://127.0.0.1:${new URL(service.url).port}/live`, { headers: { host, cookie: session } });
      await new Promise<void>((resolve, reject) => {
        socket.once("message", () => resolve());
        socket.once("error", reject);
      });
      expect(open((await scrape(service)).text)).toBe(1);
      socket.close();
      expect(await scrapeUntil(service, open, (value) => value === 0)).toBe(0);
    });
  });
});
