// GET /api/v1/balance with an identity token (JWT) and with an `svc_sk_` key, through
// `npm start`'s server, beside two baselines: the bare node:http server answering the same
// JSON, and a node:http server that only verifies the same JWT with jose against a local key.
// (Scenario and ratio shapes: see suites/auth-me.mjs.)

const bearer = (token) => ({ authorization: `Bearer ${token}` });

export default {
  name: "balance",
  title: "GET /api/v1/balance",
  scenarios: [
    { name: "baseline", target: "baseline", path: "/api/v1/balance", expect: (ctx) => ctx.balance },
    { name: "jwt-only baseline", target: "jwt-baseline", path: "/api/v1/balance", headers: (ctx) => bearer(ctx.accessToken), expect: (ctx) => ctx.balance },
    { name: "npm-start jwt", target: "npm-start", path: "/api/v1/balance", headers: (ctx) => bearer(ctx.accessToken), expect: (ctx) => ctx.balance },
    { name: "npm-start key", target: "npm-start", path: "/api/v1/balance", headers: (ctx) => bearer(ctx.apiKey), expect: (ctx) => ctx.balance },
  ],
  ratios: [
    { name: "npm-start jwt / jwt-only baseline", numerator: "npm-start jwt", denominator: "jwt-only baseline", goal: 0.5 },
    { name: "npm-start key / baseline", numerator: "npm-start key", denominator: "baseline", goal: 0.3 },
    { name: "npm-start jwt / baseline", numerator: "npm-start jwt", denominator: "baseline" },
  ],
};
