// nginx `proxy_pass` with upstream keep-alive, when nginx is on PATH: the reference relay
// the proxies' benches run beside their own rows (a C relay's ceiling on the same machine).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "./ports.mjs";
import { stopChild } from "./servers.mjs";

/** The note a bench prints when it has to leave out its nginx row. */
export const NO_NGINX_NOTE = "nginx is not on PATH: the nginx row is skipped";

function nginxPath() {
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * nginx relaying to 127.0.0.1:`upstreamPort` from a port of its own, working in `dir`:
 * `{ url, stop }`, or null when nginx is not on PATH.
 */
export async function startNginx(dir, upstreamPort) {
  const nginx = nginxPath();
  if (!nginx) return null;
  const port = await freePort();
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
  const child = spawn(nginx, ["-c", conf, "-p", dir, "-g", "daemon off;"], { stdio: "ignore" });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child, 3_000) };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child, 1_000);
  throw new Error("nginx did not start");
}
