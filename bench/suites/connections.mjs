// The deployed tool's surface (issue 7 section 10): GET /api/deployments/me/connections with
// an App Key beside the bare node:http baseline answering the same JSON (goal: 30% or more),
// and the provider proxy to a local upstream beside a direct call to that upstream (goal:
// 40% or more). The connection and its binding are written straight into the bench database
// (as the OAuth callback would leave them, the credential sealed with the service's key), and
// the catalog's api_base_url is pointed at the local upstream. When nginx is on PATH, nginx
// `proxy_pass` to the same upstream runs beside them: a C relay that authenticates nothing,
// the ceiling any proxy reaches on this machine.
import { createCipheriv, createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../lib/ports.mjs";
import { startNodeProcess } from "../lib/servers.mjs";
import { NO_NGINX_NOTE, startNginx } from "../lib/nginx.mjs";

const TOOL_BODY = { ok: true, tool: "bench" };
const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** server/platform/crypto/secret-box.ts's format, `v1.<iv>.<tag>.<data>`, and its key id. */
function seal(plaintext, keyBase64) {
  const key = Buffer.from(keyBase64, "base64");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const ciphertext = ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
  return { ciphertext, keyId: createHash("sha256").update(key).digest("hex").slice(0, 16) };
}

function encryptionKey(dataDir) {
  const line = readFileSync(join(dataDir, "secrets.env"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("INTEGRATION_ENCRYPTION_KEY="));
  if (!line) throw new Error("secrets.env has no INTEGRATION_ENCRYPTION_KEY");
  return line.slice("INTEGRATION_ENCRYPTION_KEY=".length).trim();
}

export default {
  name: "connections",
  title: "GET /api/deployments/me/connections and the provider proxy",
  async prepare(ctx) {
    const stops = [];
    const [upstreamPort, baselinePort] = [await freePort(), await freePort()];
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    const upstream = await startNodeProcess({ name: "provider-upstream", args: [join(ctx.root, "bench", "app-upstream-server.mjs")], env: { PORT: String(upstreamPort) }, cwd: ctx.root, logDir: ctx.logDir, readyUrl: `${upstreamUrl}/` });
    stops.push(() => upstream.stop());
    const nginx = await startNginx(join(ctx.tmpRoot, "nginx-provider"), upstreamPort);
    if (nginx) stops.push(() => nginx.stop());

    const db = new pg.Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    try {
      const key = (await db.query("select app_id, tenant_id from app_keys where revoked_at is null order by created_at desc limit 1")).rows[0];
      await db.query(
        `update integrations set oauth_client_config = jsonb_set(oauth_client_config, '{api_base_url}', to_jsonb($1::text)), edited_at = now() where slug = 'supabase'`,
        [upstreamUrl],
      );
      const sealed = seal(JSON.stringify({ access_token: "bench-access", refresh_token: "bench-refresh", expires_at: Math.floor(Date.now() / 1000) + 86400 }), encryptionKey(ctx.dataDir));
      const connectionId = randomUUID();
      await db.query(
        `insert into connections (id, tenant_id, provider, external_id, display_name, profile, encrypted_credential, credential_key_id, metadata, created_by)
         values ($1, $2, 'supabase', $3, 'Bench org', 'first_party', $4, $5, $6, $7)`,
        [connectionId, key.tenant_id, `svc_conn_${randomBytes(12).toString("base64url")}`, sealed.ciphertext, sealed.keyId, JSON.stringify({ context: { supabase: { project_ref: "benchref" } } }), ctx.user.userId],
      );
      await db.query(`insert into app_connection_bindings (app_id, provider, connection_id, tenant_id) values ($1, 'supabase', $2, $3)`, [key.app_id, connectionId, key.tenant_id]);
    } finally {
      await db.end();
    }
    await new Promise((r) => setTimeout(r, 300)); // the binding's NOTIFY
    const listed = await fetch(`${ctx.targets["npm-start"]}/api/deployments/me/connections`, { headers: bearer(ctx.apiKey) });
    const connections = await listed.json();
    if (listed.status !== 200 || connections.connections?.length !== 1) throw new Error(`GET /api/deployments/me/connections answered ${listed.status}: ${JSON.stringify(connections)}`);

    const baselineUrl = `http://127.0.0.1:${baselinePort}`;
    const baseline = await startNodeProcess({
      name: "connections-baseline",
      args: [join(ctx.root, "bench", "baseline-server.mjs")],
      env: { PORT: String(baselinePort), HOST: "127.0.0.1", ROUTES_JSON: JSON.stringify({ "/api/deployments/me/connections": connections }) },
      cwd: ctx.root,
      logDir: ctx.logDir,
      readyUrl: `${baselineUrl}/api/auth/me`,
    });
    stops.push(() => baseline.stop());
    return {
      connections,
      targets: { ...ctx.targets, "connections-baseline": baselineUrl, "provider-direct": upstreamUrl, ...(nginx ? { "provider-nginx": nginx.url } : {}) },
      notes: nginx ? [] : [NO_NGINX_NOTE],
      cleanup: async () => {
        for (const stop of stops.reverse()) await stop();
      },
    };
  },
  scenarios: [
    { name: "baseline", target: "connections-baseline", path: "/api/deployments/me/connections", expect: (ctx) => ctx.connections },
    { name: "npm-start connections", target: "npm-start", path: "/api/deployments/me/connections", headers: (ctx) => bearer(ctx.apiKey), expect: (ctx) => ctx.connections },
    { name: "provider direct", target: "provider-direct", path: "/v1/projects", expect: () => TOOL_BODY },
    { name: "provider proxy", target: "npm-start", path: "/api/proxy/supabase/v1/projects", headers: (ctx) => bearer(ctx.apiKey), expect: () => TOOL_BODY },
    { name: "nginx proxy_pass", target: "provider-nginx", path: "/v1/projects", optional: true, expect: () => TOOL_BODY },
  ],
  ratios: [
    { name: "npm-start connections / baseline", numerator: "npm-start connections", denominator: "baseline", goal: 0.3 },
    { name: "provider proxy / provider direct", numerator: "provider proxy", denominator: "provider direct", goal: 0.4 },
    { name: "nginx proxy_pass / provider direct", numerator: "nginx proxy_pass", denominator: "provider direct" },
    { name: "provider proxy / nginx proxy_pass", numerator: "provider proxy", denominator: "nginx proxy_pass" },
  ],
};
