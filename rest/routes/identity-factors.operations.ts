import {
  challengeFactorBody,
  challengeOutput,
  enrollFactorBody,
  enrollFactorOutput,
  factorIdOutput,
  generateRecoveryCodesBody,
  recoveryCodeBody,
  recoveryCodesOutput,
  recoveryCodesStatusOutput,
  verifyFactorBody,
} from "../../server/two-step";
import { identitySessionOutput } from "../../server/identity";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call } from "../bind";
import { bearerToken, identityBody, optionalBody } from "./identity-provider";
import { badJwtExample, badToken, noBearer } from "./identity-bearer-refusals";

const MFA_DESCRIPTION =
  "Two-step sign-in, GoTrue's MFA API as `@supabase/auth-js` `mfa` calls it (docs/decisions/045); errors are GoTrue's `{ code, error_code, msg }`. " +
  "A session that verified a second factor is `aal2` (its access token's `aal`, and `amr` lists both methods with their times); one that has not is `aal1`.";
const RECOVERY_DESCRIPTION =
  "Recovery codes in the shape of auth-js's experimental `mfa.recoveryCodes` (docs/decisions/045): one set of 10 single-use codes per account, a factor of type `recovery_code`, " +
  "shown once and stored hashed.";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const idParam = { name: "id", description: "The factor's id (UUID), from enrolment or the user's `factors`." };

const ON_UNKNOWN = { id: UNKNOWN };
/** What auth-js's `mfa.webauthn` sends by default from a page at http://localhost:3000. */
const WEBAUTHN_CHALLENGE = { webauthn: { rpId: "localhost", rpOrigins: ["http://localhost:3000"] } };
const WEBAUTHN_VERIFY = {
  challenge_id: UNKNOWN,
  webauthn: { type: "request", rpId: "localhost", rpOrigins: ["http://localhost:3000"], credential_response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: {} } },
};
const notFound = (json?: unknown): ResponseDoc => ({
  status: 404,
  description: "`mfa_factor_not_found`: no factor with this id on the account of the token.",
  examples: [{ name: "unknown-factor", summary: "A factor that does not exist", body: { code: 404, error_code: "mfa_factor_not_found", msg: "Factor not found" }, request: { as: "ownerToken", json, params: ON_UNKNOWN } }],
});
const noRecoveryCodes: ResponseDoc = {
  status: 404,
  description: "`mfa_factor_not_found`: the account has no recovery codes.",
  examples: [{ name: "no-recovery-codes", summary: "An account without recovery codes", body: { code: 404, error_code: "mfa_factor_not_found", msg: "Recovery codes not found" }, request: { as: "ownerToken" } }],
};
const limited = (code: string): ResponseDoc => ({
  status: 429,
  description: `\`${code}\`: 5 wrong codes for the factor within 5 minutes; \`Retry-After\` says when to try again.`,
  headers: { "Retry-After": "Seconds until a new attempt may succeed." },
});
const needsAal2 = (what: string): ResponseDoc => ({
  status: 403,
  description: "`insufficient_aal`: the session has not verified its second factor (`aal1`); also GoTrue's refusals of a bearer.",
  examples: [{ name: "aal1", summary: "A session without a second factor", body: { code: 403, error_code: "insufficient_aal", msg: `AAL2 required to ${what}` }, request: { as: "ownerToken" } }],
});

export const identityFactorOperations: Route[] = [
  route({
    method: "POST",
    path: "/auth/v1/factors",
    handler: call((caller) => caller.idp.factorEnroll, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Enrol a TOTP or WebAuthn factor",
    description:
      `${MFA_DESCRIPTION} auth-js \`mfa.enroll({ factorType: "totp" })\`. The factor is \`unverified\` until its first code is verified; the secret is stored sealed with the integration key. ` +
      "auth-js `mfa.webauthn.enroll({ friendlyName })` enrols an unverified `webauthn` factor with no secret (no integration key needed). " +
      "An account with a verified factor enrols another only from an `aal2` session.",
    auth: ["identityToken"],
    jsonBody: enrollFactorBody,
    responses: [
      { status: 200, description: "The new factor; for `totp` its secret and QR code (shown this once).", schema: enrollFactorOutput },
      {
        status: 400,
        description: "A `factor_type` other than `totp` or `webauthn`, or a body that is not JSON.",
        examples: [{ name: "bad-type", summary: "factor_type phone", body: { code: 400, error_code: "validation_failed", msg: "factor_type needs to be totp or webauthn" }, request: { as: "ownerToken", json: { factor_type: "phone" } } }],
      },
      noBearer({ factor_type: "totp" }),
      {
        status: 403,
        description: "`insufficient_aal`: an account with a verified factor, from an `aal1` session; also GoTrue's refusals of a bearer.",
        examples: [badJwtExample({ factor_type: "totp" })],
      },
      { status: 422, description: "`mfa_factor_name_conflict` (a friendly name another factor has) or `too_many_enrolled_mfa_factors` (10 already)." },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/factors/{id}/challenge",
    handler: call((caller) => caller.idp.factorChallenge, { guard: bearerToken, body: optionalBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Challenge a factor",
    description:
      `${MFA_DESCRIPTION} auth-js \`mfa.challenge\`. The challenge is verified within 5 minutes from the same address. ` +
      "A `webauthn` factor's (auth-js `mfa.webauthn.challenge`, and `register`/`authenticate`) carries its ceremony's options: creation options while the factor is unverified, " +
      "request options naming its credential once verified. The relying party is this service's (the host of BASE_URL; `localhost` for a loopback one); " +
      "a `webauthn.rpId` or `rpOrigins` it does not serve is refused.",
    auth: ["identityToken"],
    pathParam: idParam,
    jsonBody: challengeFactorBody,
    responses: [
      { status: 200, description: "The challenge; a `webauthn` factor's with `webauthn.credential_options.publicKey`.", schema: challengeOutput },
      {
        status: 400,
        description: "`validation_failed`: a `webauthn.rpId` other than this service's relying party, or an origin in `webauthn.rpOrigins` it does not accept; `bad_json`: a body that is not JSON.",
        examples: [{ name: "bad-json", summary: "Not JSON", body: { code: 400, error_code: "bad_json", msg: "Could not parse request body as JSON" }, request: { as: "ownerToken", raw: "{not json", params: ON_UNKNOWN } }],
      },
      noBearer(WEBAUTHN_CHALLENGE, ON_UNKNOWN),
      badToken(undefined, ON_UNKNOWN),
      notFound(WEBAUTHN_CHALLENGE),
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/factors/{id}/verify",
    handler: call((caller) => caller.idp.factorVerify, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Verify a factor: the session rises to aal2",
    description:
      `${MFA_DESCRIPTION} auth-js \`mfa.verify\` and \`mfa.challengeAndVerify\`: the app's current code for a live challenge. The first verify makes the factor \`verified\`. ` +
      "The answer is the session with new tokens at `aal2` (the old refresh token stops working), and the account's other `aal1` sessions end, as GoTrue does. " +
      "A code is accepted once: the same code again, within its 30-second window or the next, is refused. " +
      "A `webauthn` factor's verify (auth-js `mfa.webauthn.verify`) carries the ceremony instead of a code: `type: \"create\"` stores the credential and verifies the factor, " +
      "`type: \"request\"` checks an assertion of the factor's credential; either raises the session to `aal2` with `amr` method `mfa/webauthn`. " +
      "Its challenge is used up by the first verify, whatever that verify's outcome.",
    auth: ["identityToken"],
    pathParam: idParam,
    jsonBody: verifyFactorBody,
    responses: [
      { status: 200, description: "The session at `aal2`.", schema: identitySessionOutput },
      {
        status: 400,
        description:
          "`validation_failed`: `Code needs to be non-empty` for a TOTP factor; for a `webauthn` factor `WebAuthn config required` (no `webauthn`), " +
          "`WebAuthn type must be create or request`, `credential_response required`, `Invalid credential_response`, a `type` that is not the challenge's " +
          "(`create` for an unverified factor, `request` for a verified one), or a relying party this service does not serve; or a body that is not JSON. " +
          "`webauthn_verification_failed` (`Credential verification failed`): a ceremony that does not verify (signed for another challenge or origin, or by an authenticator that is not the factor's).",
      },
      noBearer({ challenge_id: UNKNOWN, code: "123456" }, ON_UNKNOWN),
      badToken({ challenge_id: UNKNOWN, code: "123456" }, ON_UNKNOWN),
      {
        ...notFound({ challenge_id: UNKNOWN, code: "123456" }),
        examples: [
          ...notFound({ challenge_id: UNKNOWN, code: "123456" }).examples!,
          { ...notFound(WEBAUTHN_VERIFY).examples![0]!, name: "unknown-webauthn-factor", summary: "A WebAuthn ceremony for a factor that does not exist" },
        ],
      },
      {
        status: 422,
        description:
          "`mfa_verification_failed` (`Invalid TOTP code entered`: a wrong code, or one already used), `mfa_factor_not_found` (a challenge of another factor or none, or a WebAuthn challenge already used), " +
          "`mfa_challenge_expired` (older than 5 minutes), `mfa_ip_address_mismatch` (a challenge already verified, or made from another address).",
      },
      limited("over_request_rate_limit"),
    ],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/factors/{id}",
    handler: call((caller) => caller.idp.factorUnenroll, { guard: bearerToken, input: (ctx) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields: {} }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Remove a factor",
    description:
      `${MFA_DESCRIPTION} auth-js \`mfa.unenroll\`. A verified factor is removed only from an \`aal2\` session; the last factor recovery codes back cannot go while they exist. ` +
      "Without a verified factor left, the account's sessions are `aal1` again.",
    auth: ["identityToken"],
    pathParam: idParam,
    responses: [
      { status: 200, description: "The removed factor's id.", schema: factorIdOutput },
      noBearer(undefined, ON_UNKNOWN),
      badToken(undefined, ON_UNKNOWN),
      notFound(),
      { status: 422, description: "`insufficient_aal` (a verified factor from an `aal1` session), `mfa_recovery_codes_sole_factor`, or `validation_failed` for the recovery codes' factor (use `DELETE /auth/v1/factors/recovery-codes`)." },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/factors/recovery-codes",
    handler: call((caller) => caller.idp.recoveryCodesStatus, { guard: bearerToken, input: (ctx) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields: {} }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "How many recovery codes are left",
    description: `${RECOVERY_DESCRIPTION} auth-js \`mfa.recoveryCodes.getStatus\`: never the codes themselves. Any level.`,
    auth: ["identityToken"],
    responses: [{ status: 200, description: "The set's size and what is unused.", schema: recoveryCodesStatusOutput }, noBearer(), badToken(), noRecoveryCodes],
  }),
  route({
    method: "POST",
    path: "/auth/v1/factors/recovery-codes",
    handler: call((caller) => caller.idp.recoveryCodesGenerate, { guard: bearerToken, body: optionalBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Generate recovery codes",
    description: `${RECOVERY_DESCRIPTION} auth-js \`mfa.recoveryCodes.generate\`: from an \`aal2\` session of an account with another verified factor, once (then regenerate).`,
    auth: ["identityToken"],
    jsonBody: generateRecoveryCodesBody,
    responses: [
      { status: 200, description: "The codes, shown this once.", schema: recoveryCodesOutput },
      noBearer(),
      needsAal2("generate recovery codes"),
      { status: 422, description: "`mfa_verified_factor_exists` (a set exists: regenerate it) or `mfa_recovery_codes_sole_factor` (no other verified factor)." },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/factors/recovery-codes/regenerate",
    handler: call((caller) => caller.idp.recoveryCodesRegenerate, { guard: bearerToken, body: optionalBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Replace the recovery codes",
    description: `${RECOVERY_DESCRIPTION} auth-js \`mfa.recoveryCodes.regenerate\`: a new set from an \`aal2\` session; every code of the old set stops working at once, and its lockout ends.`,
    auth: ["identityToken"],
    responses: [{ status: 200, description: "The new codes, shown this once.", schema: recoveryCodesOutput }, noBearer(), needsAal2("regenerate recovery codes"), { ...noRecoveryCodes, examples: [] }],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/factors/recovery-codes",
    handler: call((caller) => caller.idp.recoveryCodesDelete, { guard: bearerToken, input: (ctx) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields: {} }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Delete the recovery codes",
    description: `${RECOVERY_DESCRIPTION} auth-js \`mfa.recoveryCodes.unenroll\`, from an \`aal2\` session.`,
    auth: ["identityToken"],
    responses: [{ status: 200, description: "The removed set's id.", schema: factorIdOutput }, noBearer(), needsAal2("delete recovery codes"), { ...noRecoveryCodes, examples: [] }],
  }),
  route({
    method: "POST",
    path: "/auth/v1/factors/recovery-codes/verify",
    handler: call((caller) => caller.idp.recoveryCodeVerify, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ accessToken: bearerToken(ctx), factorId: ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Sign in with a recovery code: the session rises to aal2",
    description:
      `${RECOVERY_DESCRIPTION} auth-js \`mfa.recoveryCodes.verify\`: an unused code in place of the app's (case, spaces and \`-\` do not matter); it is used up. ` +
      "The answer is the session at `aal2`, `amr` method `mfa/recovery_code`.",
    auth: ["identityToken"],
    jsonBody: recoveryCodeBody,
    responses: [
      { status: 200, description: "The session at `aal2`.", schema: identitySessionOutput },
      noBearer({ code: "k4m9x7qp2ab8ht3z" }),
      badToken({ code: "k4m9x7qp2ab8ht3z" }),
      { ...noRecoveryCodes, examples: [{ ...noRecoveryCodes.examples![0]!, request: { as: "ownerToken", json: { code: "k4m9x7qp2ab8ht3z" } } }] },
      { status: 422, description: "`mfa_verification_failed`: a wrong or used code." },
      limited("mfa_recovery_codes_locked"),
    ],
  }),
];
