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
// 8 connections: enough to keep every hash thread of either busy, few enough that a sign-in
// waits for a handful of hashes, not for 32 (at ~15 sign-ins/s, 32 would put 2 s of queue into
// each answer and leave a 2 s run with a few dozen). The steadier figure on a shared machine
// is server CPU per sign-in, compared in the second ratio.
const CONNECTIONS = 8;
// The sign-ins the warm-up leaves in flight (up to 8 hashes) drain before the measured run.
const SETTLE_MS = 1000;
const json = { "content-type": "application/json" };
const credentials = (ctx) => JSON.stringify({ email: ctx.user.email, password: ctx.user.password });

export default {
  name: "sign-in",
  title: "password sign-in at equal scrypt cost",
  scenarios: [
    {
      name: "npm-start password sign-in",
      target: "npm-start",
      connections: CONNECTIONS,
      settleMs: SETTLE_MS,
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
      connections: CONNECTIONS,
      settleMs: SETTLE_MS,
      method: "POST",
      path: "/api/auth/sign-in/email",
      // A browser's POST: better-auth refuses one without Origin.
      headers: (ctx) => ({ ...json, origin: ctx.targets["better-auth"] }),
      body: credentials,
      expect: () => null,
      expectShape: (body) => (typeof body?.token === "string" && body?.user?.email ? null : "no token and user"),
    },
  ],
  ratios: [
    { name: "npm-start / better-auth password sign-in", numerator: "npm-start password sign-in", denominator: "better-auth sign-in/email", goal: 1.0 },
    { name: "npm-start / better-auth password sign-in, server CPU", numerator: "npm-start password sign-in", denominator: "better-auth sign-in/email", metric: "cpu" },
  ],
  footnotes: (ctx) => [`${CONNECTIONS} connections per sign-in scenario; equal hash cost: both hash with node:crypto scrypt N=${ctx.scrypt.N} r=${ctx.scrypt.r} p=${ctx.scrypt.p}, 64-byte key (the service's parameters, read from its stored hash)`],
};
