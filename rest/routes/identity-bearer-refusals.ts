import type { ResponseDoc } from "../openapi/operation";

/**
 * GoTrue's refusals of a missing or bad bearer, documented once for the identity routes that
 * need a signed-in account (factors, passkeys, identity linking), each with a replayable example.
 */

export const noBearer = (json?: unknown, params?: Record<string, string>): ResponseDoc => ({
  status: 401,
  description: "No bearer.",
  examples: [{ name: "no-bearer", summary: "No Authorization header", body: { code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" }, request: { as: "anonymous", json, params } }],
});

const BAD_JWT = "Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";

export const badJwtExample = (json?: unknown, params?: Record<string, string>) => ({
  name: "bad-jwt",
  summary: "A token that does not verify",
  body: { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature, token signature is invalid" },
  request: { as: "anonymous" as const, json, params, headers: { authorization: BAD_JWT } },
});

export const badToken = (json?: unknown, params?: Record<string, string>): ResponseDoc => ({
  status: 403,
  description: "GoTrue's refusals of a bearer (`bad_jwt`, `session_not_found`, `user_not_found`), as `GET /auth/v1/user` answers them.",
  examples: [badJwtExample(json, params)],
});
