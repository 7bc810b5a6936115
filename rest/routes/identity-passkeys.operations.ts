import { identitySessionOutput } from "../../server/identity";
import {
  passkeyAuthenticationOptionsOutput,
  passkeyListItemOutput,
  passkeyListOutput,
  passkeyMetadataOutput,
  passkeyRegistrationOptionsOutput,
  passkeyRenameBody,
  passkeyVerifyBody,
} from "../../server/two-step";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call } from "../bind";
import { bearerToken, identityBody, optionalBody } from "./identity-provider";
import { badJwtExample, badToken, noBearer } from "./identity-bearer-refusals";

const PASSKEY_DESCRIPTION =
  "Passkeys, GoTrue's passkey API as `@supabase/auth-js` `passkey` calls it (docs/decisions/048); errors are GoTrue's `{ code, error_code, msg }`. " +
  "The relying party is BASE_URL's host (`localhost` when it is a loopback address) and its origin.";
const ADMIN_DESCRIPTION = "GoTrue's admin API (auth-js `auth.admin.passkey`): `Authorization: Bearer <service-role key>` (docs/decisions/042).";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const idParam = { name: "id", description: "The passkey's id (UUID), from registration or the list." };
const userParam = { name: "id", description: "The account's id (UUID)." };
const passkeyParam = { name: "passkeyId", description: "The passkey's id (UUID)." };
const VERIFY_BODY = { challenge_id: UNKNOWN, credential: { id: "AAAA", rawId: "AAAA", type: "public-key", response: {} } };

const needsAal2 = (what: string, json?: unknown, params?: Record<string, string>): ResponseDoc => ({
  status: 403,
  description: `\`insufficient_aal\`: ${what} from an \`aal1\` session of an account with a verified second factor; also GoTrue's refusals of a bearer.`,
  examples: [badJwtExample(json, params)],
});
const notFound = (json?: unknown): ResponseDoc => ({
  status: 404,
  description: "`validation_failed` `Passkey not found`: no passkey with this id on the account.",
  examples: [{ name: "unknown-passkey", summary: "A passkey that does not exist", body: { code: 404, error_code: "validation_failed", msg: "Passkey not found" }, request: { as: "ownerToken", json, params: { id: UNKNOWN } } }],
});
const ceremonyRefusals = (kind: string): ResponseDoc => ({
  status: 400,
  description:
    "`validation_failed` (`challenge_id is required`, `credential is required`, `challenge_id must be a valid UUID`), `bad_json`, " +
    `\`webauthn_challenge_not_found\` (\`Challenge not found or already used\`: no ${kind} challenge of this id, or one verified already: each is used once, whatever the outcome), ` +
    "`webauthn_challenge_expired` (older than 5 minutes), `webauthn_verification_failed` (`Credential verification failed`: an authenticator registered nowhere here, " +
    "a signature over another challenge, origin or RP id, or no user verification).",
});
const adminRefusals = (params: Record<string, string>): ResponseDoc[] => [
  {
    status: 401,
    description: "No bearer.",
    examples: [{ name: "no-bearer", summary: "No Authorization header", body: { code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" }, request: { as: "anonymous", params } }],
  },
  {
    status: 403,
    description: "A bearer that is not the service-role key, a user's access token included.",
    examples: [{ name: "not-admin", summary: "A user's access token", body: { code: 403, error_code: "not_admin", msg: "User not allowed" }, request: { as: "ownerToken", params } }],
  },
];

export const identityPasskeyOperations: Route[] = [
  route({
    method: "POST",
    path: "/auth/v1/passkeys/registration/options",
    handler: call((caller) => caller.idp.passkeyRegistrationOptions, { guard: bearerToken, body: optionalBody, input: (ctx) => ({ accessToken: bearerToken(ctx) }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Start registering a passkey",
    description:
      `${PASSKEY_DESCRIPTION} auth-js \`passkey.startRegistration\` (and \`registerPasskey\`). Creation options for a discoverable credential with user verification, ` +
      "the account's passkeys excluded; the challenge is stored in PostgreSQL, so any instance verifies it.",
    auth: ["identityToken"],
    responses: [
      { status: 200, description: "The options and their challenge.", schema: passkeyRegistrationOptionsOutput },
      noBearer(),
      needsAal2("registering a passkey"),
      { status: 422, description: "`too_many_passkeys`: 10 already." },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/passkeys/registration/verify",
    handler: call((caller) => caller.idp.passkeyRegistrationVerify, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Finish registering a passkey",
    description: `${PASSKEY_DESCRIPTION} auth-js \`passkey.verifyRegistration\`: the browser's attestation (\`none\` is enough) for the challenge of the options. The passkey is named \`Passkey\` until renamed.`,
    auth: ["identityToken"],
    jsonBody: passkeyVerifyBody,
    responses: [
      { status: 200, description: "The new passkey.", schema: passkeyMetadataOutput },
      {
        ...ceremonyRefusals("registration"),
        examples: [
          {
            name: "bad-challenge-id",
            summary: "A challenge_id that is not a UUID",
            body: { code: 400, error_code: "validation_failed", msg: "challenge_id must be a valid UUID" },
            request: { as: "ownerToken", json: { challenge_id: "not-a-uuid", credential: {} } },
          },
        ],
      },
      noBearer(VERIFY_BODY),
      needsAal2("registering a passkey", VERIFY_BODY),
      { status: 422, description: "`webauthn_credential_exists` (this authenticator is registered already) or `too_many_passkeys`." },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/passkeys/authentication/options",
    // No bearer: this starts a sign-in. auth-js sends `gotrue_meta_security` (a captcha token), which is not used.
    handler: call((caller) => caller.idp.passkeyAuthenticationOptions, { body: optionalBody, input: () => undefined }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Start signing in with a passkey",
    description:
      `${PASSKEY_DESCRIPTION} auth-js \`passkey.startAuthentication\` (and \`signInWithPasskey\`). No bearer: request options without \`allowCredentials\`, ` +
      "so the browser offers any passkey it holds for this site (also as autofill, `mediation: \"conditional\"`).",
    auth: [],
    responses: [
      { status: 200, description: "The options and their challenge.", schema: passkeyAuthenticationOptionsOutput },
      {
        status: 429,
        description: "`over_request_rate_limit`: each start counts as a sign-in attempt from the address (`SIGNIN_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again.",
        headers: { "Retry-After": "Seconds until a new attempt may succeed." },
      },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/passkeys/authentication/verify",
    handler: call((caller) => caller.idp.passkeyAuthenticationVerify, { body: identityBody, input: (_ctx, fields) => ({ fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Sign in with a passkey: a session at aal2",
    description:
      `${PASSKEY_DESCRIPTION} auth-js \`passkey.verifyAuthentication\`: the browser's assertion for the challenge. The answer is a new session whose access token is \`aal2\` ` +
      "with `amr` `[{ method: \"webauthn\" }]`: the passkey is possessed and the person verified by it, two factors at once.",
    auth: [],
    jsonBody: passkeyVerifyBody,
    responses: [
      { status: 200, description: "The new session.", schema: identitySessionOutput },
      {
        ...ceremonyRefusals("authentication"),
        examples: [
          {
            name: "unknown-challenge",
            summary: "A challenge that does not exist (or was used)",
            body: { code: 400, error_code: "webauthn_challenge_not_found", msg: "Challenge not found or already used" },
            request: { as: "anonymous", json: VERIFY_BODY },
          },
        ],
      },
      { status: 403, description: "`email_not_confirmed`: the account's address is not confirmed yet." },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/passkeys",
    handler: call((caller) => caller.idp.passkeyList, { guard: bearerToken, input: (ctx) => ({ accessToken: bearerToken(ctx) }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "List your passkeys",
    description: `${PASSKEY_DESCRIPTION} auth-js \`passkey.list\`, oldest first.`,
    auth: ["identityToken"],
    responses: [
      { status: 200, description: "The account's passkeys.", schema: passkeyListOutput, examples: [{ name: "none", summary: "No passkeys yet", body: [], exact: true, request: { as: "ownerToken" } }] },
      noBearer(),
      badToken(),
    ],
  }),
  route({
    method: "PATCH",
    path: "/auth/v1/passkeys/{id}",
    handler: call((caller) => caller.idp.passkeyRename, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), passkeyId: ctx.params.passkeyId ?? ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Rename a passkey",
    description: `${PASSKEY_DESCRIPTION} auth-js \`passkey.update\`.`,
    auth: ["identityToken"],
    pathParam: idParam,
    jsonBody: passkeyRenameBody,
    responses: [
      { status: 200, description: "The renamed passkey.", schema: passkeyListItemOutput },
      {
        status: 400,
        description: "`validation_failed`: `friendly_name is required` or `friendly_name must be 120 characters or less`; `bad_json`.",
        examples: [
          {
            name: "no-name",
            summary: "An empty friendly_name",
            body: { code: 400, error_code: "validation_failed", msg: "friendly_name is required" },
            request: { as: "ownerToken", json: { friendly_name: "" }, params: { id: UNKNOWN } },
          },
        ],
      },
      noBearer({ friendly_name: "Laptop" }, { id: UNKNOWN }),
      badToken({ friendly_name: "Laptop" }, { id: UNKNOWN }),
      notFound({ friendly_name: "Laptop" }),
    ],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/passkeys/{id}",
    handler: call((caller) => caller.idp.passkeyDelete, { guard: bearerToken, input: (ctx) => ({ accessToken: bearerToken(ctx), passkeyId: ctx.params.passkeyId ?? ctx.params.id ?? "" }), empty: true }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Remove a passkey",
    description: `${PASSKEY_DESCRIPTION} auth-js \`passkey.delete\`. It no longer signs in; sessions it started stay until they end.`,
    auth: ["identityToken"],
    pathParam: idParam,
    responses: [{ status: 204, description: "Removed." }, noBearer(undefined, { id: UNKNOWN }), needsAal2("removing a passkey", undefined, { id: UNKNOWN }), notFound()],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/users/{id}/passkeys",
    handler: call((caller) => caller.idp.adminPasskeyList, { guard: bearerToken, input: (ctx) => ({ accessToken: bearerToken(ctx), userId: ctx.params.id ?? "" }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "List an account's passkeys (admin)",
    description: `${ADMIN_DESCRIPTION} ${PASSKEY_DESCRIPTION}`,
    auth: ["identityToken"],
    pathParam: userParam,
    responses: [
      { status: 200, description: "The account's passkeys.", schema: passkeyListOutput },
      ...adminRefusals({ id: UNKNOWN }),
      { status: 404, description: "`user_not_found`: no account with this id." },
    ],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/admin/users/{id}/passkeys/{passkeyId}",
    handler: call((caller) => caller.idp.adminPasskeyDelete, { guard: bearerToken, input: (ctx) => ({ accessToken: bearerToken(ctx), userId: ctx.params.id ?? "", passkeyId: ctx.params.passkeyId ?? ctx.params.id ?? "" }), empty: true }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Remove an account's passkey (admin)",
    description: `${ADMIN_DESCRIPTION} ${PASSKEY_DESCRIPTION}`,
    auth: ["identityToken"],
    pathParams: [userParam, passkeyParam],
    responses: [
      { status: 204, description: "Removed." },
      ...adminRefusals({ id: UNKNOWN, passkeyId: UNKNOWN }),
      { status: 404, description: "`user_not_found` (no account with this id) or `validation_failed` `Passkey not found` (no such passkey on it)." },
    ],
  }),
];
