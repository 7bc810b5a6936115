import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAVIGATION, appRequest, appSession } from "../support/app-host";
import { headerPairs, startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { invitedPerson } from "../support/actors";
import { startService, type RunningService } from "../support/service";

/** Issue 8 section 3: the app-proxy in front of a real upstream that echoes what it received. */
describe("app-proxy", () => {
  let service: RunningService;
  let upstream: EchoUpstream;
  let owner: TestUser;
  let slug: string;
  let tenantId: string;
  let host: string;
  let publicHost: string;
  let session: string;

  const invite = (role: "member" | "viewer") => invitedPerson(service, owner, role);

  beforeAll(async () => {
    [service, upstream] = await Promise.all([
      startService({ label: "app-proxy", env: { APP_PROXY_MAX_BODY: String(60 * 1024 * 1024), APP_PROXY_HEADERS_TIMEOUT_MS: "1000", HEALTH_CHECK_INTERVAL_SECONDS: "0" } }),
      startEchoUpstream(),
    ]);
    owner = await signUp(service);
    await api(service, "/api/user/me", { method: "PATCH", cookie: owner.cookie, json: { displayName: "Zoë Ösel" } });
    slug = uniqueSlug("acme");
    tenantId = (await createTenant(service, owner, slug)).id;
    const port = new URL(service.url).port;
    for (const [name, access] of [["tool", "members"], ["open", "public"]] as const) {
      const res = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name, upstreamUrl: upstream.url, access } });
      if (res.status !== 201) throw new Error(res.text);
    }
    host = `tool--${slug}.localhost:${port}`;
    publicHost = `open--${slug}.localhost:${port}`;
    session = await appSession(service.url, host, owner.cookie);
  });
  afterAll(async () => {
    await upstream?.close();
    await service?.stop();
  });

  const received = (res: { json(): { rawHeaders: string[] } }) => headerPairs(res.json().rawHeaders);
  const svcHeaders = (pairs: [string, string][]) => pairs.filter(([name]) => name.replace(/_/g, "-").startsWith("x-svc-"));

  it("sends a visitor without an app session to the dashboard to authorize, then back with a cookie", async () => {
    const first = await appRequest(service.url, host, "/reports?month=11", { rawHeaders: [NAVIGATION] });
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(`${service.url}/apps/authorize?host=${encodeURIComponent(host)}&return=${encodeURIComponent("/reports?month=11")}`);
    const signedOut = await fetch(String(first.headers.location), { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/apps/authorize?host=${encodeURIComponent(host)}&return=${encodeURIComponent("/reports?month=11")}`)}`);
    const authorized = await fetch(String(first.headers.location), { headers: { cookie: owner.cookie }, redirect: "manual" });
    const callback = new URL(authorized.headers.get("location")!);
    expect(callback.origin).toBe(`http://${host}`);
    expect(callback.pathname).toBe("/.svc/callback");
    expect(callback.searchParams.get("return")).toBe("/reports?month=11");
    const exchanged = await appRequest(service.url, host, callback.pathname + callback.search);
    expect(exchanged.status).toBe(302);
    expect(exchanged.headers.location).toBe("/reports?month=11");
    const cookie = String(exchanged.headers["set-cookie"]);
    expect(cookie).toMatch(/^svc_app_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(cookie).not.toContain("Domain=");
    // The code is single use.
    expect((await appRequest(service.url, host, callback.pathname + callback.search)).status).toBe(400);
  });

  it("injects exactly the five identity headers and a verifiable assertion, whatever was sent", async () => {
    const spoof: [string, string][] = [
      ["X-Svc-User-Id", "attacker"],
      ["x-svc-role", "owner"],
      ["X-SVC-Tenant-Id", "other"],
      ["x_svc_user_email", "evil@example.com"],
      ["X_Svc_Role", "owner"],
      ["X-Svc-User-Id", "second-copy"],
      ["X-Svc-Assertion", "forged"],
      ["X-Svc-Anything", "x"],
      ["Cookie", `${session}; tool_pref=dark`],
      ["X-Forwarded-For", "6.6.6.6"],
    ];
    const res = await appRequest(service.url, host, "/", { rawHeaders: spoof });
    expect(res.status).toBe(200);
    const pairs = received(res);
    const identity = svcHeaders(pairs);
    expect(identity.map(([n]) => n)).toEqual(["x-svc-user-id", "x-svc-user-email", "x-svc-user-name", "x-svc-tenant-id", "x-svc-role", "x-svc-assertion"]);
    expect(Object.fromEntries(identity.slice(0, 5))).toEqual({
      "x-svc-user-id": owner.userId,
      "x-svc-user-email": owner.email,
      "x-svc-user-name": "Zo%C3%AB%20%C3%96sel".replace("%20", " "),
      "x-svc-tenant-id": tenantId,
      "x-svc-role": "owner",
    });
    expect(pairs.filter(([n]) => n === "cookie")).toEqual([["cookie", "tool_pref=dark"]]);
    expect(pairs.filter(([n]) => n === "x-forwarded-for")).toEqual([["x-forwarded-for", "127.0.0.1"]]);
    expect(Object.fromEntries(pairs)["x-forwarded-host"]).toBe(host);
    expect(Object.fromEntries(pairs)["x-forwarded-proto"]).toBe("http");

    const jwks = createLocalJWKSet((await api(service, "/.well-known/svc-assertion-jwks.json")).body);
    const assertion = identity[5]![1];
    const { payload } = await jwtVerify(assertion, jwks, { issuer: service.url, audience: `http://${host}` });
    expect(payload).toMatchObject({ sub: owner.userId, email: owner.email, name: "Zoë Ösel", tenant_id: tenantId, role: "owner" });
    expect(payload.exp! - payload.iat!).toBe(60);
    const [h, p, s] = assertion.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: "viewer" })).toString("base64url")}.${s}`;
    await expect(jwtVerify(tampered, jwks, { issuer: service.url, audience: `http://${host}` })).rejects.toThrow();
    void p;
  });

  it("never passes on forwarding headers the caller wrote (one header policy with the provider proxy)", async () => {
    const madeUp: [string, string][] = [
      ["Cookie", session],
      ["X-Real-IP", "6.6.6.6"],
      ["Forwarded", "for=6.6.6.6"],
      ["X-Forwarded-Host", "evil.example"],
    ];
    const res = await appRequest(service.url, host, "/", { rawHeaders: madeUp });
    expect(res.status).toBe(200);
    const pairs = received(res);
    expect(pairs.filter(([n]) => n === "x-real-ip" || n === "forwarded")).toEqual([]);
    expect(pairs.filter(([n]) => n === "x-forwarded-host")).toEqual([["x-forwarded-host", host]]);
  });

  it("signs the assertion with a key of its own: it is no access token, and an access token is no assertion (issue 16, 2)", async () => {
    const res = await appRequest(service.url, host, "/", { rawHeaders: [["Cookie", session]] });
    const assertion = Object.fromEntries(received(res))["x-svc-assertion"]!;
    expect(decodeProtectedHeader(assertion).typ).toBe("svc-assertion+jwt");
    const identityJwks = (await api(service, "/auth/v1/.well-known/jwks.json")).body;
    const assertionJwks = (await api(service, "/.well-known/svc-assertion-jwks.json")).body;
    expect(identityJwks.keys.map((k: { kid: string }) => k.kid)).not.toContain(decodeProtectedHeader(assertion).kid);
    // What Supabase's getClaims() does: signature and exp against the identity JWKS, nothing else.
    await expect(jwtVerify(assertion, createLocalJWKSet(identityJwks))).rejects.toThrow(/no applicable key|matching/i);
    const signIn = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: owner.email, password: owner.password } });
    expect(signIn.status).toBe(200);
    await expect(jwtVerify(signIn.body.access_token, createLocalJWKSet(identityJwks))).resolves.toBeTruthy();
    await expect(jwtVerify(signIn.body.access_token, createLocalJWKSet(assertionJwks))).rejects.toThrow(/no applicable key|matching/i);
    // And the service itself takes no assertion for a bearer token.
    // (GoTrue's answer to a token it cannot verify: 403 bad_jwt.)
    const asBearer = await api(service, "/auth/v1/user", { headers: { authorization: `Bearer ${assertion}` } });
    expect([asBearer.status, asBearer.body.error_code]).toEqual([403, "bad_jwt"]);
  });

  it("passes Location and Set-Cookie of the tool through, drops hop-by-hop headers", async () => {
    const res = await appRequest(service.url, host, "/cookies", { rawHeaders: [["Cookie", session]] });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/somewhere?x=1");
    expect(res.headers["set-cookie"]).toEqual(["tool_a=1; Path=/; HttpOnly", "tool_b=2; Path=/"]);
    expect(res.headers["x-drop-me"]).toBeUndefined();
    // The relayed answer is named like every other (X-Request-Id), without folding the tool's cookies.
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("serves public deployments without a session and still strips identity headers", async () => {
    const res = await appRequest(service.url, publicHost, "/", { rawHeaders: [["X-Svc-User-Id", "spoofed"], ["x_svc_role", "owner"]] });
    expect(res.status).toBe(200);
    expect(svcHeaders(received(res))).toEqual([]);
  });

  it("ends access at once when a member is removed or signs out of the dashboard", async () => {
    const member = await invite("member");
    const cookie = await appSession(service.url, host, member.cookie);
    const before = await appRequest(service.url, host, "/", { rawHeaders: [["Cookie", cookie]] });
    expect(Object.fromEntries(svcHeaders(received(before)))["x-svc-role"]).toBe("member");
    expect((await api(service, `/api/tenants/me/members/${member.userId}`, { method: "PATCH", cookie: owner.cookie, json: { role: "viewer" } })).status).toBe(200);
    const demoted = await appRequest(service.url, host, "/", { rawHeaders: [["Cookie", cookie]] });
    expect(Object.fromEntries(svcHeaders(received(demoted)))["x-svc-role"]).toBe("viewer");
    expect((await api(service, `/api/tenants/me/members/${member.userId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    const removed = await appRequest(service.url, host, "/", { rawHeaders: [["Cookie", cookie], NAVIGATION] });
    expect(removed.status).toBe(302);

    const viewer = await invite("viewer");
    const viewerCookie = await appSession(service.url, host, viewer.cookie);
    expect((await appRequest(service.url, host, "/", { rawHeaders: [["Cookie", viewerCookie]] })).status).toBe(200);
    await fetch(`${service.url}/logout`, { method: "POST", headers: { cookie: viewer.cookie }, redirect: "manual" });
    expect((await appRequest(service.url, host, "/", { rawHeaders: [["Cookie", viewerCookie], NAVIGATION] })).status).toBe(302);
  });

  it("refuses a non-member at the dashboard, and an app cookie on another tool's host", async () => {
    const stranger = await signUp(service);
    const start = await appRequest(service.url, host, "/", { rawHeaders: [NAVIGATION] });
    const res = await fetch(String(start.headers.location), { headers: { cookie: stranger.cookie }, redirect: "manual" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("is not a member of the workspace");
    expect((await appRequest(service.url, publicHost.replace("open--", "tool--").replace(slug, `${slug}x`), "/")).status).toBe(404);
    // A cookie for one tool's host means nothing on another.
    const other = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "other", upstreamUrl: upstream.url } });
    expect(other.status).toBe(201);
    const otherHost = host.replace("tool--", "other--");
    expect((await appRequest(service.url, otherHost, "/", { rawHeaders: [["Cookie", session], NAVIGATION] })).status).toBe(302);
  });

  it("streams request bodies, caps them with 413, answers 502 and 504 with pages naming the tool", async () => {
    const body = Buffer.alloc(512 * 1024, 7);
    const ok = await appRequest(service.url, host, "/upload", { method: "POST", rawHeaders: [["Cookie", session], ["Content-Type", "application/octet-stream"]], body });
    expect(ok.json()).toMatchObject({ method: "POST", bodyBytes: body.length });
    const declared = await appRequest(service.url, host, "/upload", { method: "POST", rawHeaders: [["Cookie", session], ["Content-Length", String(61 * 1024 * 1024)]] });
    expect(declared.status).toBe(413);
    const streamed = await streamThroughProxy(61 * 1024 * 1024);
    expect(streamed.status).toBe(413);
    const slow = await appRequest(service.url, host, "/slow", { rawHeaders: [["Cookie", session]] });
    expect(slow.status).toBe(504);
    expect(slow.text).toContain("tool did not answer within 1 seconds");
    const down = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "down", upstreamUrl: "http://127.0.0.1:9" } });
    expect(down.status).toBe(201);
    const downHost = host.replace("tool--", "down--");
    const downCookie = await appSession(service.url, downHost, owner.cookie);
    const bad = await appRequest(service.url, downHost, "/", { rawHeaders: [["Cookie", downCookie]] });
    expect(bad.status).toBe(502);
    expect(bad.text).toContain("The tool down could not be reached");
    // In the service's look, with a way on: try again, or back to the dashboard (issue 28, 6).
    for (const page of [slow, bad]) {
      expect(page.text).toContain('<a class="brand" href="' + service.url + '/dashboard">');
      expect(page.text).toContain('<a class="primary" href="">Try again</a>');
      expect(page.text).toContain('<a href="' + service.url + '/dashboard">Back to the dashboard</a>');
    }
    const missing = await appRequest(service.url, host.replace("tool--", "nothing-here--"), "/", {});
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("There is no deployed tool at this address.");
    expect(missing.text).toContain('<a href="' + service.url + '/dashboard">Back to the dashboard</a>');
  });

  /** Sends `bytes` in 64 KB chunks (no Content-Length) and samples the service's RSS meanwhile. */
  async function streamThroughProxy(bytes: number): Promise<{ status: number; text: string; peakRssGrowth: number }> {
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${service.child.pid}/status`, "utf8"))![1]) * 1024;
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
    const target = new URL(service.url);
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      return await new Promise((resolve, reject) => {
        let answered = false;
        const req = request({ hostname: target.hostname, port: target.port, method: "POST", path: "/stream", headers: { host, cookie: session, "transfer-encoding": "chunked" } }, (res) => {
          answered = true;
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text, peakRssGrowth: peak - before }));
        });
        // Once the answer has begun, the service may close while the rest is still being sent;
        // before it, a reset means the client never saw an answer, which is a failure.
        req.on("error", (error) => (answered && /EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
        let sent = 0;
        const pump = () => {
          while (sent < bytes) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          req.end();
        };
        pump();
      });
    } finally {
      clearInterval(sampler);
    }
  }

  it("streams a 50 MB body to the tool with flat memory", async () => {
    await streamThroughProxy(8 * 1024 * 1024); // warm the process (JIT, socket buffers) first
    const result = await streamThroughProxy(50 * 1024 * 1024);
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text).bodyBytes).toBe(50 * 1024 * 1024);
    // A proxy that buffered would grow by at least the body (50 MB); streaming stays near
    // V8's young generation and socket buffers (about 27 MB measured here).
    expect(result.peakRssGrowth).toBeLessThan(40 * 1024 * 1024);
  });

  it("passes WebSocket upgrades through with the identity headers", async () => {
    const port = new URL(service.url).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/live`, { headers: { host, cookie: session, "x-svc-role": "owner", x_svc_user_id: "spoof" } });
    const messages: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on("message", (data) => {
        messages.push(String(data));
        if (messages.length === 1) socket.send("ping");
        if (messages.length === 2) resolve();
      });
      socket.on("error", reject);
    });
    socket.close();
    const identity = Object.fromEntries(svcHeaders(headerPairs(JSON.parse(messages[0]!).rawHeaders)));
    expect(identity).toMatchObject({ "x-svc-user-id": owner.userId, "x-svc-role": "owner", "x-svc-tenant-id": tenantId });
    expect(messages[1]).toBe("echo:ping");
    const refused = new WebSocket(`ws://127.0.0.1:${port}/live`, { headers: { host } });
    const status = await new Promise<number>((resolve) => refused.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });
});
