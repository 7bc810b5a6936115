// Password sign-in at equal hash cost (issue 30): the service's POST
// /auth/v1/token?grant_type=password beside better-auth's POST /api/auth/sign-in/email, the
// same person and password on both. better-auth hashes with node:crypto scrypt at the
// service's N, r, p (read from the service's stored hash, lib/peers.mjs), so both pay the same
// for the hash; what differs is the rest (the session written, the answer) and how each
// schedules its hashes: the service runs at most PASSWORD_HASH_CONCURRENCY at once (half the
// cores, here 1) and queues the others, better-auth runs them all on libuv's pool (4 threads).
//
// Every sign-in answers a new session, so the load checks statuses only: the answer's shape is
// checked once before the load (`expectShape`). Both servers' sign-in limits are off.
const json = { "content-type": "application/json" };
const credentials = (ctx) => JSON.stringify({ email: ctx.user.email, password: ctx.user.password });

export default {
  name: "sign-in",
  title: "password sign-in at equal scrypt cost",
  scenarios: [
    {
      name: "npm-start password sign-in",
      target: "npm-start",
      method: "POST",
      path: "/auth/v1/token?grant_type=password",
      headers: () => json,
      body: credentials,
      expect: () => null,
      expectShape: (body) => (typeof body?.access_token === "string" && typeof body?.refresh_token === "string" ? null : "no access_token and refresh_token"),
    },
    {
      name: "better-auth sign-in/email",
      target: "better-auth",
      method: "POST",
      path: "/api/auth/sign-in/email",
      // A browser's POST: better-auth refuses one without Origin.
      headers: (ctx) => ({ ...json, origin: ctx.targets["better-auth"] }),
      body: credentials,
      expect: () => null,
      expectShape: (body) => (typeof body?.token === "string" && body?.user?.email ? null : "no token and user"),
    },
  ],
  ratios: [{ name: "npm-start / better-auth password sign-in", numerator: "npm-start password sign-in", denominator: "better-auth sign-in/email", goal: 1.0 }],
  footnotes: (ctx) => [`equal hash cost: both hash with node:crypto scrypt N=${ctx.scrypt.N} r=${ctx.scrypt.r} p=${ctx.scrypt.p}, 64-byte key (the service's parameters, read from its stored hash)`],
};
