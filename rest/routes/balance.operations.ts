import { balanceOutput } from "../../server/balance";

import { route, type Route } from "../route-types";
import { INVALID_BEARER } from "../openapi/common-responses";
import { balanceByJwtOrKey, balanceByJwtOrKeyFast } from "./balance";

const BALANCE = { tenantId: "3f1c2a9e-4b7d-4e1a-9c3b-8d2e5f6a7b8c", balance: "100.00", balanceMicros: "100000000", currency: "credits", asOf: "2026-01-07T08:00:00.000Z" };

/** `/api/v1/balance` and `/api/billing/balance` are the same endpoint under two paths. */
function balanceDoc(path: string) {
  return route({
    method: "GET",
    path,
    handler: balanceByJwtOrKey,
    fast: balanceByJwtOrKeyFast,
    tag: "Balance",
    summary: "The credit balance of your workspace",
    description:
      "For deployed tools and scripts. `Authorization: Bearer <token>`: a token of three dot-separated base64url segments is an identity token (JWT) from the " +
      "identity provider, verified against its JWKS (ES256 or RS256, `exp` enforced) and mapped to the workspace of its subject; any other token is looked up " +
      "as an `svc_sk_` key. `balance` is a decimal string (up to 6 places), `balanceMicros` the same in millionths. Never cached.",
    auth: ["identityToken", "appKey"],
    responses: [
      {
        status: 200,
        description: "The balance.",
        schema: balanceOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          { name: "by-token", summary: "With an identity token", body: BALANCE, request: { as: "ownerToken" } },
          { name: "by-key", summary: "With an svc_sk_ key", body: BALANCE, request: { as: "adminKey" } },
        ],
      },
      {
        status: 401,
        description: "No bearer, an identity token that fails verification (signature, expiry), or a key that is not a valid `svc_sk_` key.",
        examples: [
          { name: "no-bearer", summary: "No Authorization header", body: INVALID_BEARER, request: { as: "anonymous" } },
          { name: "bad-token", summary: "A JWT that does not verify", body: { message: "Invalid identity token" }, request: { as: "anonymous", headers: { authorization: "Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl" } } },
          { name: "not-a-key", summary: "An opaque token that is not an svc_sk_ key", body: INVALID_BEARER, request: { as: "anonymous", headers: { authorization: "Bearer sk_live_123" } } },
        ],
      },
      {
        status: 403,
        description:
          "An identity token of a person the workspace's \"require single sign-on\" rule binds (an email on a domain the workspace verified), from a session that did not sign in " +
          "through one of the workspace's providers: `{ message, code: \"SSO_REQUIRED\" }`. Keys are not bound (docs/decisions/086).",
      },
      { status: 404, description: "The token's person belongs to no workspace.", examples: [{ name: "no-workspace", summary: "A token of an account with no workspace", body: { message: "No workspace" }, request: { as: "newcomerToken" } }] },
      { status: 429, description: "Too many unknown keys from this address in the window (`KEY_FAILURE_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again.", headers: { "Retry-After": "Seconds until a new attempt may succeed." } },
    ],
  });
}

export const balanceOperations: Route[] = [balanceDoc("/api/v1/balance"), balanceDoc("/api/billing/balance")];

