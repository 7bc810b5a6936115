// The peers the service is measured beside (issue 30), each its own Node process on node:http
// like the service: better-auth (peers/better-auth-server.mjs) on its own database of the
// bench's PostgreSQL server, and the bare oidc-provider (peers/oidc-provider-server.mjs).
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./ports.mjs";
import { createDatabase, startNodeProcess } from "./servers.mjs";

export const BETTER_AUTH_DATABASE = "better_auth_bench";

/**
 * The scrypt parameters of the service's stored hash for `email` (`scrypt$N$r$p$salt$hash`,
 * server/identity/passwords.ts): what the better-auth peer is given, so both pay the same
 * hash cost whatever PASSWORD_HASH_COST the service runs with.
 */
export async function serviceScryptParams(databaseUrl, email) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select password_hash from auth_users where lower(email) = lower($1)", [email]);
    const [scheme, N, r, p] = String(rows[0]?.password_hash ?? "").split("$");
    if (scheme !== "scrypt") throw new Error(`the service's hash for ${email} is not scrypt$N$r$p$…`);
    return { N: Number(N), r: Number(r), p: Number(p) };
  } finally {
    await client.end();
  }
}

/** `databaseUrl` with another database name. */
export function databaseUrlFor(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Signs `email` up at better-auth (a browser's POST: it refuses one without Origin); returns its session. */
async function betterAuthSignUp(url, email, password) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password, name: "Bench" }),
  });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("better-auth.session_token="));
  if (res.status !== 200 || !cookie) throw new Error(`better-auth sign-up answered ${res.status}, no session cookie: ${text.slice(0, 300)}`);
  const session = await fetch(`${url}/api/auth/get-session`, { headers: { cookie } });
  const body = await session.json();
  if (session.status !== 200 || body?.user?.email !== email) throw new Error(`better-auth get-session answered ${session.status}: ${JSON.stringify(body)}`);
  return { email, password, cookie, userId: body.user.id, session: body };
}

/**
 * Starts both peers; registers each process in `servers` and its stop in `cleanups` (as
 * run.mjs does for its own). Returns their targets and, for better-auth, the bench person
 * signed up there with the service's password (`betterAuth`: cookie, session body, database).
 */
export async function startPeers({ root, logDir, databaseUrl, user, servers, cleanups }) {
  const scrypt = await serviceScryptParams(databaseUrl, user.email);
  const betterAuthDatabaseUrl = databaseUrlFor(databaseUrl, BETTER_AUTH_DATABASE);
  await createDatabase(databaseUrl, BETTER_AUTH_DATABASE);
  const [betterAuthPort, oidcPort] = [await freePort(), await freePort()];
  const betterAuthUrl = `http://127.0.0.1:${betterAuthPort}`;
  const oidcUrl = `http://127.0.0.1:${oidcPort}`;
  const track = (p) => (servers.push(p), cleanups.push(() => p.stop()), p);
  await Promise.all([
    startNodeProcess({
      name: "better-auth",
      args: [join(root, "bench", "peers", "better-auth-server.mjs")],
      env: { NODE_ENV: "production", PORT: String(betterAuthPort), HOST: "127.0.0.1", BASE_URL: betterAuthUrl, DATABASE_URL: betterAuthDatabaseUrl, SCRYPT_N: String(scrypt.N), SCRYPT_R: String(scrypt.r), SCRYPT_P: String(scrypt.p) },
      cwd: root,
      logDir,
      readyUrl: `${betterAuthUrl}/api/auth/ok`,
    }).then(track),
    startNodeProcess({
      name: "oidc-provider",
      args: [join(root, "bench", "peers", "oidc-provider-server.mjs")],
      env: { NODE_ENV: "production", PORT: String(oidcPort), HOST: "127.0.0.1", ACCOUNT_ID: user.userId, EMAIL: user.email },
      cwd: root,
      logDir,
      readyUrl: `${oidcUrl}/.well-known/openid-configuration`,
    }).then(track),
  ]);
  const betterAuth = { ...(await betterAuthSignUp(betterAuthUrl, user.email, user.password)), databaseUrl: betterAuthDatabaseUrl };
  return { targets: { "better-auth": betterAuthUrl, "oidc-provider": oidcUrl }, betterAuth, scrypt };
}
