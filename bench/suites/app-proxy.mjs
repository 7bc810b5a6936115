// GET / of a small deployed tool: directly, through the app-proxy with an app session
// (identity headers, assertion, keep-alive pool), through the app-proxy with an OAuth access
// token instead (issue 15: `Authorization: Bearer`, aud the tool, scope `tools`), through a
// naive node:http pipe proxy (a new upstream connection per request), and through nginx
// `proxy_pass` with upstream keep-alive when nginx is on PATH. Goals: the app-proxy at 1.0x
// or more of the naive proxy and 40% or more of nginx; the bearer path at 0.9x or more of
// the cookie path.
import { join } from "node:path";
import { freePort } from "../lib/ports.mjs";
import { startNodeProcess } from "../lib/servers.mjs";
import { NO_NGINX_NOTE, startNginx } from "../lib/nginx.mjs";
import { createPrivateKey, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { SignJWT, decodeJwt, decodeProtectedHeader } from "jose";

const TOOL_BODY = { ok: true, tool: "bench" };

/** The handshake a browser does, by hand: returns the app-session cookie for `host`. */
async function appSessionCookie(serviceUrl, host, dashboardCookie) {
  const { request } = await import("node:http");
  const get = (path) =>
    new Promise((resolve, reject) => {
      const target = new URL(serviceUrl);
      // A browser's navigation: only those are sent to sign in (a program gets a 401).
      request({ hostname: target.hostname, port: target.port, path, headers: { host, accept: "text/html" } }, (res) => {
        res.resume();
        resolve(res);
      })
        .on("error", reject)
        .end();
    });
  const first = await get("/");
  const authorize = await fetch(first.headers.location, { headers: { cookie: dashboardCookie }, redirect: "manual" });
  const callback = new URL(authorize.headers.get("location"));
  const exchanged = await get(callback.pathname + callback.search);
  return String(exchanged.headers["set-cookie"]?.[0] ?? "").split(";")[0];
}

/**
 * An access token in the shape issue 15's authorization server issues (aud the tool, scope
 * `tools`, the session of a real password sign-in), signed with the service's own key.
 */
async function toolAccessToken(ctx, serviceUrl, resource) {
  const signIn = await fetch(`${serviceUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ctx.user.email, password: ctx.user.password }),
  });
  const session = await signIn.json();
  if (signIn.status !== 200) throw new Error(`password sign-in answered ${signIn.status}: ${JSON.stringify(session)}`);
  const line = readFileSync(join(ctx.dataDir, "secrets.env"), "utf8").split("\n").find((l) => l.startsWith("IDENTITY_SIGNING_KEY="));
  const key = createPrivateKey(Buffer.from(line.slice("IDENTITY_SIGNING_KEY=".length), "base64").toString("utf8"));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: ctx.user.email, client_id: "bench", scope: "tools", jti: randomUUID(), session_id: decodeJwt(session.access_token).session_id })
    .setProtectedHeader({ alg: "ES256", kid: decodeProtectedHeader(session.access_token).kid, typ: "JWT" })
    .setIssuer(`${serviceUrl}/auth/v1`)
    .setSubject(ctx.user.userId)
    .setAudience(resource)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
}

export default {
  name: "app-proxy",
  title: "GET / of a deployed tool",
  async prepare(ctx) {
    const logDir = ctx.logDir;
    const stops = [];
    const [upstreamPort, naivePort] = [await freePort(), await freePort()];
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    const upstream = await startNodeProcess({ name: "tool-upstream", args: [join(ctx.root, "bench", "app-upstream-server.mjs")], env: { PORT: String(upstreamPort) }, cwd: ctx.root, logDir, readyUrl: `${upstreamUrl}/` });
    stops.push(() => upstream.stop());
    const naive = await startNodeProcess({ name: "naive-proxy", args: [join(ctx.root, "bench", "naive-proxy-server.mjs")], env: { PORT: String(naivePort), UPSTREAM_URL: upstreamUrl }, cwd: ctx.root, logDir, readyUrl: `http://127.0.0.1:${naivePort}/` });
    stops.push(() => naive.stop());
    const nginx = await startNginx(join(ctx.tmpRoot, "nginx"), upstreamPort);
    if (nginx) stops.push(() => nginx.stop());
    const serviceUrl = ctx.targets["npm-start"];
    const created = await fetch(`${serviceUrl}/api/deployments`, {
      method: "POST",
      headers: { cookie: ctx.user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench-tool", upstreamUrl }),
    });
    const deployment = await created.json();
    if (created.status !== 201) throw new Error(`POST /api/deployments answered ${created.status}: ${JSON.stringify(deployment)}`);
    const host = new URL(deployment.url).host;
    const appCookie = await appSessionCookie(serviceUrl, host, ctx.user.cookie);
    if (!appCookie.startsWith("svc_app_session=")) throw new Error("the app-proxy handshake gave no app session");
    const accessToken = await toolAccessToken(ctx, serviceUrl, new URL(deployment.url).href);
    return {
      targets: { ...ctx.targets, "tool-direct": upstreamUrl, naive: `http://127.0.0.1:${naivePort}`, ...(nginx ? { nginx: nginx.url } : {}) },
      appHost: host,
      appCookie,
      accessToken,
      notes: nginx ? [] : [NO_NGINX_NOTE],
      cleanup: async () => {
        for (const stop of stops.reverse()) await stop();
      },
    };
  },
  scenarios: [
    { name: "tool direct", target: "tool-direct", path: "/", expect: () => TOOL_BODY },
    { name: "app-proxy", target: "npm-start", path: "/", headers: (ctx) => ({ host: ctx.appHost, cookie: ctx.appCookie }), expect: () => TOOL_BODY },
    { name: "app-proxy bearer", target: "npm-start", path: "/", headers: (ctx) => ({ host: ctx.appHost, authorization: `Bearer ${ctx.accessToken}` }), expect: () => TOOL_BODY },
    { name: "naive pipe proxy", target: "naive", path: "/", expect: () => TOOL_BODY },
    { name: "nginx proxy_pass", target: "nginx", path: "/", optional: true, expect: () => TOOL_BODY },
  ],
  ratios: [
    { name: "app-proxy / naive pipe proxy", numerator: "app-proxy", denominator: "naive pipe proxy", goal: 1.0 },
    { name: "app-proxy / nginx proxy_pass", numerator: "app-proxy", denominator: "nginx proxy_pass", goal: 0.45 },
    { name: "app-proxy / tool direct", numerator: "app-proxy", denominator: "tool direct" },
    { name: "app-proxy bearer / app-proxy (cookie)", numerator: "app-proxy bearer", denominator: "app-proxy", goal: 0.9 },
    // The same comparison by what each request costs the server, which other load on the machine distorts far less.
    { name: "app-proxy bearer / cookie, server CPU", numerator: "app-proxy bearer", denominator: "app-proxy", metric: "cpu", goal: 0.9 },
  ],
};
