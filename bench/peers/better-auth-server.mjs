// The better-auth peer (issue 30): better-auth with email and password on its PostgreSQL
// adapter (a `pg` Pool on the bench's PostgreSQL server, in a database of its own), served by
// node:http through its `toNodeHandler`, one Node process like the service. Its tables are
// created at start with its own migration API (`getMigrations`).
//
// Equal password-hash cost: better-auth's own hash on Node is node:crypto scrypt with N=16384,
// r=16, p=1 (twice the service's default work); here it gets the service's hash instead
// (server/identity/passwords.ts): node:crypto scrypt on libuv's thread pool, the same N, r, p
// (SCRYPT_N, SCRYPT_R, SCRYPT_P from the runner), 16-byte salt, 64-byte key, NFKC, stored as
// `scrypt$N$r$p$salt$hash`. What it does not get is the service's bounded hashing queue:
// that is the service's own design, not the hash's cost.
//
// Its in-memory rate limit (on in production: 3 sign-ins per 10 s) is off, as the service's
// sign-in limits are lifted by the runner. Everything else is its default: no cookie cache
// (get-session reads the session from the database every time), telemetry off by default.
import { createServer } from "node:http";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { toNodeHandler } from "better-auth/node";
import pg from "pg";

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? "127.0.0.1";
const baseURL = process.env.BASE_URL ?? `http://${host}:${port}`;
const N = Number(process.env.SCRYPT_N ?? 16384);
const r = Number(process.env.SCRYPT_R ?? 8);
const p = Number(process.env.SCRYPT_P ?? 1);
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

const scrypt = (password, salt, params) =>
  new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** The service's format and parameters (server/identity/passwords.ts). */
async function hash(password) {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

async function verify({ hash: stored, password }) {
  const [scheme, n, rr, pp, salt, expectedText] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !expectedText) return false;
  const expected = Buffer.from(expectedText, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(rr), p: Number(pp) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const options = {
  baseURL,
  secret: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  database: new pg.Pool({ connectionString: process.env.DATABASE_URL }),
  emailAndPassword: { enabled: true, password: { hash, verify } },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  logger: { level: "error" },
};

const { runMigrations } = await getMigrations(options);
await runMigrations();

const auth = betterAuth(options);
const server = createServer(toNodeHandler(auth));
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => console.log(`better-auth listening on ${baseURL}`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
