// GET / of a small deployed tool: directly, through the app-proxy with an app session
// (identity headers, assertion, keep-alive pool), through a naive node:http pipe proxy (a
// new upstream connection per request), and through nginx `proxy_pass` with upstream
// keep-alive when nginx is on PATH. Goals: the app-proxy at 1.0x or more of the naive
// proxy and 40% or more of nginx.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../lib/ports.mjs";
import { startNodeProcess, stopChild } from "../lib/servers.mjs";
import { spawn } from "node:child_process";

const TOOL_BODY = { ok: true, tool: "bench" };

function nginxPath() {
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

async function startNginx(dir, port, upstreamPort) {
  mkdirSync(join(dir, "logs"), { recursive: true });
  const conf = join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
error_log ${join(dir, "logs", "error.log")} warn;
pid ${join(dir, "nginx.pid")};
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream tool { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://tool; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host; }
  }
}
`,
  );
  const child = spawn(nginxPath(), ["-c", conf, "-p", dir, "-g", "daemon off;"], { stdio: "ignore" });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { stop: () => stopChild(child, 3_000) };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child, 1_000);
  throw new Error("nginx did not start");
}

/** The handshake a browser does, by hand: returns the app-session cookie for `host`. */
async function appSessionCookie(serviceUrl, host, dashboardCookie) {
  const { request } = await import("node:http");
  const get = (path) =>
    new Promise((resolve, reject) => {
      const target = new URL(serviceUrl);
      request({ hostname: target.hostname, port: target.port, path, headers: { host } }, (res) => {
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
    let nginxUrl = null;
    let nginxNote = null;
    if (nginxPath()) {
      const nginxPort = await freePort();
      const nginx = await startNginx(join(ctx.tmpRoot, "nginx"), nginxPort, upstreamPort);
      stops.push(() => nginx.stop());
      nginxUrl = `http://127.0.0.1:${nginxPort}`;
    } else {
      nginxNote = "nginx is not on PATH: the nginx row is skipped";
    }
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
    return {
      targets: { ...ctx.targets, "tool-direct": upstreamUrl, naive: `http://127.0.0.1:${naivePort}`, ...(nginxUrl ? { nginx: nginxUrl } : {}) },
      appHost: host,
      appCookie,
      notes: nginxNote ? [nginxNote] : [],
      cleanup: async () => {
        for (const stop of stops.reverse()) await stop();
      },
    };
  },
  scenarios: [
    { name: "tool direct", target: "tool-direct", path: "/", expect: () => TOOL_BODY },
    { name: "app-proxy", target: "npm-start", path: "/", headers: (ctx) => ({ host: ctx.appHost, cookie: ctx.appCookie }), expect: () => TOOL_BODY },
    { name: "naive pipe proxy", target: "naive", path: "/", expect: () => TOOL_BODY },
    { name: "nginx proxy_pass", target: "nginx", path: "/", optional: true, expect: () => TOOL_BODY },
  ],
  ratios: [
    { name: "app-proxy / naive pipe proxy", numerator: "app-proxy", denominator: "naive pipe proxy", goal: 1.0 },
    { name: "app-proxy / nginx proxy_pass", numerator: "app-proxy", denominator: "nginx proxy_pass", goal: 0.45 },
    { name: "app-proxy / tool direct", numerator: "app-proxy", denominator: "tool direct" },
  ],
};
