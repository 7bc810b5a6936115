// GET /api/auth/me, anonymous and signed in, through `npm start`'s server and through the
// stock `remix-serve` on the same build, against a bare node:http baseline, and beside it
// better-auth's GET /api/auth/get-session with its session cookie (issue 30; its default:
// no cookie cache, the session read from its database each time).
//
// A scenario is one load run:
//   name      label in the table, the JSON and the ratios
//   target    which running server: "baseline" | "npm-start" | "npm-start-metrics" (METRICS_TOKEN
//             set: requests recorded) | "npm-start-twin" (its twin, metrics off) | "remix-serve"
//             (see run.mjs)
//   method    HTTP method (default GET); path: request path
//   headers   (ctx) => extra request headers (ctx.user.cookie is the signed-in session)
//   expect    (ctx) => the JSON the response must equal (checked once before the load, deep
//             equality, status 200); the exact body text then becomes autocannon's expectBody,
//             so any differing body during the run is counted as a mismatch
// A ratio compares two scenarios' mean req/s against a goal (value >= goal is PASS).
// A suite may also export prepare(ctx) => extra context (tokens, keys) merged into ctx.

const anonymous = () => ({ loggedIn: false, userId: null, email: null });
const signedIn = (ctx) => ({ loggedIn: true, userId: ctx.user.userId, email: ctx.user.email });
const session = (ctx) => ({ cookie: ctx.user.cookie });

export default {
  name: "auth-me",
  title: "GET /api/auth/me",
  scenarios: [
    { name: "baseline", target: "baseline", path: "/api/auth/me", expect: signedIn },
    { name: "npm-start anonymous", target: "npm-start", path: "/api/auth/me", expect: anonymous },
    // Metrics on is compared with its twin, metrics off, which has lived the same life (run.mjs,
    // ADR 099): npm-start itself serves every other suite while these two wait, and the A/A
    // ratio below (the twin ÷ npm-start) shows what that history alone moves.
    { name: "npm-start anonymous, metrics on", target: "npm-start-metrics", path: "/api/auth/me", expect: anonymous },
    { name: "npm-start anonymous, metrics off twin", target: "npm-start-twin", path: "/api/auth/me", expect: anonymous },
    { name: "npm-start signed-in", target: "npm-start", path: "/api/auth/me", headers: session, expect: signedIn },
    { name: "npm-start signed-in, metrics on", target: "npm-start-metrics", path: "/api/auth/me", headers: session, expect: signedIn },
    { name: "npm-start signed-in, metrics off twin", target: "npm-start-twin", path: "/api/auth/me", headers: session, expect: signedIn },
    { name: "remix-serve anonymous", target: "remix-serve", path: "/api/auth/me", expect: anonymous },
    { name: "remix-serve signed-in", target: "remix-serve", path: "/api/auth/me", headers: session, expect: signedIn },
    // Its body is what it answered the bench person just after signing up (lib/peers.mjs).
    { name: "better-auth get-session", target: "better-auth", path: "/api/auth/get-session", headers: (ctx) => ({ cookie: ctx.betterAuth.cookie }), expect: (ctx) => ctx.betterAuth.session },
  ],
  ratios: [
    { name: "npm-start signed-in / baseline", numerator: "npm-start signed-in", denominator: "baseline", goal: 0.65 },
    { name: "npm-start signed-in / better-auth get-session", numerator: "npm-start signed-in", denominator: "better-auth get-session", goal: 1.0 },
    { name: "npm-start signed-in / remix-serve signed-in", numerator: "npm-start signed-in", denominator: "remix-serve signed-in", goal: 4 },
    // Recording the metrics costs at most 3% (issue 18, 5): two processes of the same history.
    { name: "metrics on / off (signed-in)", numerator: "npm-start signed-in, metrics on", denominator: "npm-start signed-in, metrics off twin", goal: 0.97 },
    { name: "metrics on / off (anonymous)", numerator: "npm-start anonymous, metrics on", denominator: "npm-start anonymous, metrics off twin" },
    // Informational: no goal, printed for context. The A/A pair: both off, different histories.
    { name: "metrics off twin / npm-start (signed-in, A/A)", numerator: "npm-start signed-in, metrics off twin", denominator: "npm-start signed-in" },
    { name: "metrics on / npm-start (signed-in)", numerator: "npm-start signed-in, metrics on", denominator: "npm-start signed-in" },
    { name: "npm-start anonymous / baseline", numerator: "npm-start anonymous", denominator: "baseline" },
    { name: "npm-start anonymous / remix-serve anonymous", numerator: "npm-start anonymous", denominator: "remix-serve anonymous" },
  ],
  // Resident memory (issue 30: the service's at most 250 MB under this load, lib/goals.mjs).
  footnotes: (ctx, measured) => {
    const peak = (name) => measured.find((m) => m.name === name)?.result.rssMb?.peak ?? "n/a";
    const rest = (target) => ctx.restingRssMb?.[target] ?? "n/a";
    return [
      "",
      `resident memory (MB), at rest -> peak under its signed-in load: npm-start ${rest("npm-start")} -> ${peak("npm-start signed-in")} (goal <= 250), better-auth ${rest("better-auth")} -> ${peak("better-auth get-session")}, baseline ${rest("baseline")} -> ${peak("baseline")}, remix-serve ${rest("remix-serve")} -> ${peak("remix-serve signed-in")}`,
    ];
  },
};
