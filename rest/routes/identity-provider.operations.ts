import { settingsOutput } from "../../server/external-sign-in";
import { emptyOutput, mailedLinkRedirectQuery, otpBody, recoverBody, redirectQuery, resendBody, verifyBody, verifyQuery, identitySessionOutput, identityUserOutput, jwksOutput, logoutQuery, signupBody, tokenBody, tokenFormBody, tokenQuery, updateUserBody } from "../../server/identity";
import { type ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import * as idp from "./identity-provider";

const USER_ID = "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f";
const AT = "2026-01-07T09:20:00.000Z";
const USER = {
  id: USER_ID,
  aud: "authenticated",
  role: "authenticated",
  email: "grace@example.com",
  email_confirmed_at: AT,
  phone: "",
  confirmed_at: AT,
  last_sign_in_at: AT,
  app_metadata: { provider: "email", providers: ["email"] },
  user_metadata: {},
  identities: [
    {
      identity_id: USER_ID,
      id: USER_ID,
      user_id: USER_ID,
      identity_data: { email: "grace@example.com", email_verified: true, phone_verified: false, sub: USER_ID },
      provider: "email",
      last_sign_in_at: AT,
      created_at: AT,
      updated_at: AT,
      email: "grace@example.com",
    },
  ],
  created_at: AT,
  updated_at: AT,
  is_anonymous: false,
};
const SESSION = { access_token: "eyJhbGciOiJFUzI1NiIs…", token_type: "bearer", expires_in: 3600, expires_at: 1767780000, refresh_token: "v1.MRjcyvUvqx…", user: USER };
export const IDENTITY_DESCRIPTION =
  "The built-in identity provider speaks the GoTrue (Supabase Auth) protocol, so GoTrue clients work against it; errors are GoTrue's " +
  "`{ code, error_code, msg }`. It is replaced by a hosted provider when `IDENTITY_PROVIDER_URL` is set.";

/** What every mail-sending endpoint answers without SMTP_URL (server/identity/mail-required.ts). */
const noMail = (what: string, json: unknown, as: "anonymous" | "ownerToken" = "anonymous"): ResponseDoc => ({
  status: 422,
  description: `Without mail (\`SMTP_URL\` unset): \`email_provider_disabled\`, the message naming the setting, the same for every address.`,
  examples: [{ name: "no-mail", summary: "SMTP_URL is not set", body: { code: 422, error_code: "email_provider_disabled", msg: `${what} needs mail, and mail is not configured: set SMTP_URL` }, request: { as, json } }],
});
const badEmail = (json: unknown, extra: ResponseDoc["examples"] = []): ResponseDoc => ({
  status: 400,
  description: "An invalid email address, a missing field or a body that is not JSON.",
  examples: [{ name: "bad-email", summary: "Not an email address", body: { code: 400, error_code: "validation_failed", msg: "Unable to validate email address: invalid format" }, request: { as: "anonymous", json } }, ...(extra ?? [])],
});
const mailLimit: ResponseDoc = { status: 429, description: "Too many requests for mail from this address (`SIGNUP_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again.", headers: { "Retry-After": "Seconds until a new attempt may succeed." } };

const noBearer = (json?: unknown): ResponseDoc => ({
  status: 401,
  description: "No bearer.",
  examples: [{ name: "no-bearer", summary: "No Authorization header", body: { code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" }, request: { as: "anonymous", json } }],
});
const badToken = (json?: unknown): ResponseDoc => ({
  status: 403,
  description:
    "GoTrue's refusals of a bearer: `bad_jwt` for a token that is malformed, badly signed or expired (`invalid JWT: unable to parse or verify signature, …`), " +
    "`session_not_found` for a token whose session has ended (auth-js then drops its session), `user_not_found` for an account that no longer exists.",
  examples: [
    {
      name: "bad-jwt",
      summary: "A token that does not verify",
      body: { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature, token signature is invalid" },
      request: { as: "anonymous", json, headers: { authorization: "Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl" } },
    },
  ],
});

export const identityProviderOperations: Route[] = [
  route({
    method: "POST",
    path: "/auth/v1/signup",
    handler: idp.signup,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Create an account",
    description: `${IDENTITY_DESCRIPTION} \`email\`, \`password\` (8 to 1024 characters), optional \`data\` (user metadata, every key kept, at most 2 KB serialized). Sign-ups are rate limited per address. With mail (\`SMTP_URL\`) addresses are confirmed, as GoTrue does: the answer is the user without a session (\`confirmation_sent_at\`, no tokens) and a link is mailed; an address that already has an account gets the same answer (a made-up id) and its owner a note, so a sign-up never reveals an account; signing in before confirming answers 400 \`email_not_confirmed\`.`,
    auth: [],
    query: mailedLinkRedirectQuery,
    jsonBody: signupBody,
    responses: [
      { status: 200, description: "A session for the new account.", schema: identitySessionOutput, examples: [{ name: "signed-up", summary: "A new account", body: SESSION, request: { as: "anonymous", json: { email: "grace@example.com", password: "correct horse battery" } } }] },
      {
        status: 400,
        description: "An invalid email address or a body that is not JSON.",
        examples: [
          { name: "bad-email", summary: "Not an email address", body: { code: 400, error_code: "validation_failed", msg: "Unable to validate email address: invalid format" }, request: { as: "anonymous", json: { email: "grace", password: "correct horse battery" } } },
          { name: "bad-json", summary: "Not JSON", body: { code: 400, error_code: "bad_json", msg: "Could not parse request body as JSON" }, request: { as: "anonymous", raw: "{not json" } },
        ],
      },
      {
        status: 422,
        description: "A password too short or too long, an email already registered, or an anonymous sign-in (no email) while `ANONYMOUS_SIGN_IN` is off.",
        examples: [
          { name: "weak-password", summary: "Seven characters", body: { code: 422, error_code: "weak_password", msg: "Password should be at least 8 characters." }, request: { as: "anonymous", json: { email: "short@example.com", password: "1234567" } } },
          { name: "exists", summary: "An email already registered", body: { code: 422, error_code: "user_already_exists", msg: "User already registered" }, request: { as: "anonymous", json: { email: "admin@example.com", password: "correct horse battery" } } },
          { name: "anonymous-disabled", summary: "No email: an anonymous sign-in, off by default", body: { code: 422, error_code: "anonymous_provider_disabled", msg: "Anonymous sign-ins are disabled" }, request: { as: "anonymous", json: { data: {} } } },
        ],
      },
      { status: 429, description: "Too many sign-ups from this address (`SIGNUP_RATE_LIMIT_PER_ADDRESS`); `Retry-After` says when to try again.", headers: { "Retry-After": "Seconds until a new attempt may succeed." } },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/token",
    handler: idp.token,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Sign in, or refresh a session",
    description:
      `${IDENTITY_DESCRIPTION} \`?grant_type=password\` with \`email\` and \`password\`, or \`?grant_type=refresh_token\` with \`refresh_token\` ` +
      "(refresh tokens rotate: the old one stops working), `?grant_type=pkce` with `auth_code` and `code_verifier` after an upstream sign-in, or `?grant_type=id_token` (`signInWithIdToken`) " +
      "with `provider` (`google` or `keycloak`, when enabled), `id_token` and the `nonce` whose SHA-256 the token carries: the token is verified against the issuer's discovered keys, `aud` must be the configured client id, and the account is found or made as after the callback. " +
      "The body is JSON or, as GoTrue accepts, a form (`application/x-www-form-urlencoded`, where `grant_type` may also be a field). The access token is an ES256 JWT valid for 1 hour. Password attempts are rate limited per account and per address.",
    auth: [],
    query: tokenQuery,
    jsonBody: tokenBody,
    formBody: tokenFormBody,
    responses: [
      { status: 200, description: "A session.", schema: identitySessionOutput, examples: [{ name: "password", summary: "Email and password", body: { ...SESSION, user: { ...USER, email: "admin@example.com" } }, request: { as: "anonymous", query: { grant_type: "password" }, json: { email: "admin@example.com", password: "correct horse battery" } } }] },
      {
        status: 400,
        description:
          "Wrong credentials, an unknown or used refresh token, or an unsupported grant type. With `grant_type=id_token`, a provider that is not enabled (`provider_disabled`), or GoTrue's OAuth error `{ error, error_description }` " +
          "(`invalid request`: `id_token required`, `Bad ID token` for a bad signature, an expired or unsigned token, `Unacceptable audience in id_token: [...]`; `invalid nonce`: `Nonces mismatch`).",
        examples: [
          { name: "wrong-password", summary: "A wrong password", body: { code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" }, request: { as: "anonymous", query: { grant_type: "password" }, json: { email: "admin@example.com", password: "not the password" } } },
          { name: "bad-refresh", summary: "An unknown refresh token", body: { code: 400, error_code: "refresh_token_not_found", msg: "Invalid Refresh Token: Refresh Token Not Found" }, request: { as: "anonymous", query: { grant_type: "refresh_token" }, json: { refresh_token: "nope" } } },
          { name: "bad-grant", summary: "No grant_type", body: { code: 400, error_code: "unsupported_grant_type", msg: "Unsupported grant_type; use password or refresh_token" }, request: { as: "anonymous", json: {} } },
          { name: "id-token", summary: "An ID token of an outside provider (`signInWithIdToken`)", body: { code: 400, error_code: "provider_disabled", msg: 'Provider (issuer "https://accounts.google.com") is not enabled' }, request: { as: "anonymous", query: { grant_type: "id_token" }, json: { provider: "google", id_token: "eyJ…" } } },
        ],
      },
      {
        status: 422,
        description: "`web3_provider_disabled`: `grant_type=web3` (`signInWithWeb3`); the built-in provider has no Web3 sign-in.",
        examples: [{ name: "web3", summary: "A Web3 sign-in", body: { code: 422, error_code: "web3_provider_disabled", msg: "Web3 provider is disabled" }, request: { as: "anonymous", query: { grant_type: "web3" }, json: { chain: "ethereum", message: "m", signature: "0x00" } } }],
      },
      { status: 429, description: "Too many attempts for this account or address; `Retry-After` says when to try again.", headers: { "Retry-After": "Seconds until a new attempt may succeed." } },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/user",
    handler: idp.getUser,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "The account of an access token",
    description: IDENTITY_DESCRIPTION,
    auth: ["identityToken"],
    responses: [{ status: 200, description: "The account.", schema: identityUserOutput, examples: [{ name: "user", summary: "A valid access token", body: USER, request: { as: "ownerToken" } }] }, noBearer(), badToken()],
  }),
  route({
    method: "PUT",
    path: "/auth/v1/user",
    handler: idp.updateUser,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Change the account: metadata, email, password",
    description:
      `${IDENTITY_DESCRIPTION} \`data\` is merged into \`user_metadata\` key by key (a \`null\` removes one), at most 2 KB serialized; \`display_name\` and \`avatar_url\` are strings of at most 2048 characters without control characters. ` +
      "`password` replaces the password and ends every other session of the account (this one stays), as GoTrue does. " +
      "`email` changes the address at once without mail; with mail (`SMTP_URL`) the user shows it as `new_email` until the link mailed to it is followed. " +
      "Every field is checked before any is applied. An account with a verified second factor changes its password or address only from a session that passed it (`aal2`), as GoTrue requires.",
    auth: ["identityToken"],
    jsonBody: updateUserBody,
    responses: [
      { status: 200, description: "The updated account.", schema: identityUserOutput, examples: [{ name: "updated", summary: "A display name", body: { ...USER, user_metadata: { display_name: "Grace" } }, request: { as: "ownerToken", json: { data: { display_name: "Grace" } } } }] },
      {
        status: 400,
        description: "An invalid email address or a body that is not JSON.",
        examples: [{ name: "bad-email", summary: "Not an email address", body: { code: 400, error_code: "validation_failed", msg: "Unable to validate email address: invalid format" }, request: { as: "ownerToken", json: { email: "invalid-email" } } }],
      },
      {
        status: 422,
        description:
          "A password too short or too long (`weak_password`), an email another account has (`email_exists`), a wrong or used `nonce` (`reauthentication_not_valid`), " +
          "or a password alone for an anonymous account (`validation_failed`). A password change from a session over 24 hours old without `nonce`, with mail, is 400 `reauthentication_needed`.",
        examples: [{ name: "weak-password", summary: "Seven characters", body: { code: 422, error_code: "weak_password", msg: "Password should be at least 8 characters." }, request: { as: "ownerToken", json: { password: "1234567" } } }],
      },
      {
        ...noBearer({ data: { display_name: "Grace" } }),
        description: "No bearer; or GoTrue's `insufficient_aal` (\"AAL2 session is required to update email or password when MFA is enabled.\"): a new password or address from an `aal1` session of an account with a verified second factor.",
      },
      badToken({ data: { display_name: "Grace" } }),
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/logout",
    handler: idp.logout,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "End the session of an access token",
    description:
      `${IDENTITY_DESCRIPTION} \`scope\` as GoTrue: \`global\` (the default) ends every session of the account, \`local\` this one, \`others\` all but this one (from an \`aal2\` session once the account has a verified second factor). ` +
      "An ended session's refresh token stops working and the dashboard session signed in with it ends.",
    auth: ["identityToken"],
    query: logoutQuery,
    responses: [
      { status: 204, description: "Signed out.", examples: [{ name: "signed-out", summary: "A valid access token", request: { as: "newcomerToken", query: { scope: "local" } } }] },
      {
        status: 400,
        description: "An unknown scope.",
        examples: [{ name: "bad-scope", summary: "scope=everywhere", body: { code: 400, error_code: "validation_failed", msg: 'Unsupported logout scope "everywhere"' }, request: { as: "ownerToken", query: { scope: "everywhere" } } }],
      },
      {
        status: 422,
        description:
          "`insufficient_aal`: `scope=others` from an `aal1` session of an account with a verified second factor (a password alone ends none of the person's other sessions; `global` and `local` always work).",
      },
      noBearer(),
      badToken(),
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/recover",
    handler: idp.recover,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Mail a password reset link",
    description:
      `${IDENTITY_DESCRIPTION} auth-js \`resetPasswordForEmail\`. With mail (\`SMTP_URL\`) the account's address gets a one-time link to the reset page ` +
      "(60 minutes; at most one mail a minute per account). The answer is `{}` whether or not the address has an account, and the mail goes after the answer. " +
      "A password set any other way (updateUser, the admin API) kills every unused link.",
    auth: [],
    query: mailedLinkRedirectQuery,
    jsonBody: recoverBody,
    responses: [
      { status: 200, description: "Mailed, if the address has an account.", schema: emptyOutput },
      badEmail({ email: "grace" }, [{ name: "no-email", summary: "No email", body: { code: 400, error_code: "validation_failed", msg: "Password recovery requires an email" }, request: { as: "anonymous", json: {} } }]),
      noMail("Password recovery", { email: "grace@example.com" }),
      mailLimit,
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/settings",
    handler: idp.settings,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "The sign-ins offered",
    description: `${IDENTITY_DESCRIPTION} GoTrue's \`GET /settings\`: \`external\` names every provider GoTrue knows, \`true\` for \`email\`, \`anonymous_users\` when \`ANONYMOUS_SIGN_IN\` is on, and \`github\`, \`google\`, \`keycloak\` when enabled.`,
    auth: [],
    responses: [{ status: 200, description: "The settings.", schema: settingsOutput }],
  }),
  route({
    method: "POST",
    path: "/auth/v1/otp",
    handler: idp.otp,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Mail a magic link and a sign-in code",
    description:
      `${IDENTITY_DESCRIPTION} auth-js \`signInWithOtp({ email })\`. With mail (\`SMTP_URL\`) one mail carries a magic link (\`GET /auth/v1/verify\`) and a six-digit code ` +
      "(`POST /auth/v1/verify`); either signs in once within 60 minutes, and a new request replaces both. An address without an account gets one (unconfirmed until the link or code is used) " +
      "unless `create_user` is `false`. The answer is `{}` for every address, with or without an account and whatever `create_user` says; the account, the code and the mail come after it. " +
      "One sign-in mail per address per 60 seconds (GoTrue's `SMTP_MAX_FREQUENCY`): a request inside it changes nothing, and the code mailed last still works. Phone sign-in is not offered (`phone_provider_disabled`).",
    auth: [],
    query: redirectQuery,
    jsonBody: otpBody,
    responses: [
      { status: 200, description: "Mailed.", schema: emptyOutput },
      badEmail({ email: "grace" }),
      {
        status: 422,
        description: "`email_provider_disabled` without mail (the message names `SMTP_URL`).",
        examples: [{ name: "no-mail", summary: "SMTP_URL is not set", body: { code: 422, error_code: "email_provider_disabled", msg: "Sign-in by email link or code needs mail, and mail is not configured: set SMTP_URL" }, request: { as: "anonymous", json: { email: "grace@example.com" } } }],
      },
      {
        ...mailLimit,
        description:
          "Too many requests for mail from this address (`SIGNUP_RATE_LIMIT_PER_ADDRESS`, `over_request_rate_limit`), or a second sign-in mail to one address within 60 seconds " +
          "(`over_email_send_rate_limit`, \"For security purposes, you can only request this after N seconds.\"); `Retry-After` says when to try again.",
      },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/verify",
    handler: idp.verify,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Sign in with a mailed code or link token",
    description:
      `${IDENTITY_DESCRIPTION} auth-js \`verifyOtp\`: \`{ type: "email", email, token }\` with the six-digit code, or \`{ type: "magiclink", token_hash }\` with the link's token. ` +
      "A session, as the token endpoint answers; the address counts as confirmed. A wrong, used or expired code is 403 `otp_expired`; tries count against the address as password attempts do.",
    auth: [],
    jsonBody: verifyBody,
    responses: [
      { status: 200, description: "A session.", schema: identitySessionOutput },
      {
        status: 400,
        description: "A missing `type`, neither or both of `token` and `token_hash`, an unsupported type, or a body that is not JSON.",
        examples: [{ name: "no-type", summary: "No type", body: { code: 400, error_code: "validation_failed", msg: "Verify requires a verification type" }, request: { as: "anonymous", json: { email: "grace@example.com", token: "123456" } } }],
      },
      {
        status: 403,
        description: "A wrong, used or expired code (`Token has expired or is invalid`) or link (`Email link is invalid or has expired`).",
        examples: [{ name: "wrong-code", summary: "A code never sent", body: { code: 403, error_code: "otp_expired", msg: "Token has expired or is invalid" }, request: { as: "anonymous", json: { type: "email", email: "nobody@example.com", token: "123456" } } }],
      },
      {
        status: 422,
        description: "A malformed address with a code: `validation_failed` `Invalid email format`.",
        examples: [{ name: "bad-email", summary: "Not an email address", body: { code: 422, error_code: "validation_failed", msg: "Invalid email format" }, request: { as: "anonymous", json: { type: "email", email: "grace", token: "123456" } } }],
      },
      { status: 429, description: "Too many tries for this address or from this client; `Retry-After` says when to try again.", headers: { "Retry-After": "Seconds until a new attempt may succeed." } },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/verify",
    handler: idp.followLink,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Follow a mailed magic link",
    description:
      "The link in the mail of `POST /auth/v1/otp`. Answers 303 to `redirect_to` (this service's origin only, BASE_URL otherwise) with GoTrue's fragment: " +
      "`access_token`, `expires_at`, `expires_in`, `refresh_token`, `token_type`, `type` on success (auth-js reads it with `detectSessionInUrl`), " +
      "`error`, `error_code`, `error_description` when the link is wrong, used or expired.",
    auth: [],
    query: verifyQuery,
    responses: [
      {
        status: 303,
        description: "To `redirect_to`, the session or the error in the fragment.",
        headers: { Location: "`redirect_to#access_token=…` or `redirect_to#error=access_denied&error_code=otp_expired&…`." },
      },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/resend",
    handler: idp.resend,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Mail a confirmation link again",
    description:
      `${IDENTITY_DESCRIPTION} auth-js \`resend\`: \`signup\` mails the sign-up confirmation link again to an unconfirmed account, \`email_change\` the link to a pending new address. ` +
      "`{}` for every address, nothing sent when there is nothing to confirm.",
    auth: [],
    jsonBody: resendBody,
    responses: [
      { status: 200, description: "Mailed, if there is something to confirm.", schema: emptyOutput },
      badEmail({ type: "signup", email: "grace" }, [{ name: "bad-type", summary: "An unknown type", body: { code: 400, error_code: "validation_failed", msg: "Missing one of these types: signup, email_change, sms, phone_change" }, request: { as: "anonymous", json: { type: "invite", email: "grace@example.com" } } }]),
      noMail("Resending a confirmation", { type: "signup", email: "grace@example.com" }),
      mailLimit,
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/reauthenticate",
    handler: idp.reauthenticate,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Mail a re-authentication code",
    description:
      `${IDENTITY_DESCRIPTION} auth-js \`reauthenticate\`: mails a six-digit nonce to the account (60 minutes, once; one mail a minute at most). With mail, a password change (\`PUT /auth/v1/user\`) ` +
      "from a session signed in more than 24 hours ago needs it as `nonce` (400 `reauthentication_needed` without, 422 `reauthentication_not_valid` when wrong), GoTrue's secure password change.",
    auth: ["identityToken"],
    responses: [
      { status: 200, description: "Mailed.", schema: emptyOutput },
      noBearer(),
      badToken(),
      {
        status: 422,
        description: "`email_provider_disabled` without mail; `email_not_confirmed` (`Please verify your email first.`) before the address is confirmed.",
        examples: [{ name: "no-mail", summary: "SMTP_URL is not set", body: { code: 422, error_code: "email_provider_disabled", msg: "Re-authentication needs mail, and mail is not configured: set SMTP_URL" }, request: { as: "ownerToken" } }],
      },
      {
        status: 429,
        description: "`over_email_send_rate_limit`: a second nonce within 60 seconds (GoTrue's `SMTP_MAX_FREQUENCY`; the nonce mailed last still works); `Retry-After` says when to try again.",
        headers: { "Retry-After": "Seconds until a new attempt may succeed." },
      },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/.well-known/jwks.json",
    handler: idp.jwks,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Keys that verify access tokens",
    description: "The public keys of the built-in provider's ES256 access tokens. Cacheable for 10 minutes.",
    auth: [],
    responses: [{ status: 200, description: "A JSON Web Key Set.", schema: jwksOutput, headers: { "Cache-Control": "`public, max-age=600`" }, examples: [{ name: "keys", summary: "The key set", body: { keys: [{ kty: "EC", crv: "P-256", x: "…", y: "…", kid: "svc-1", alg: "ES256", use: "sig" }] }, request: { as: "anonymous" } }] }],
  }),
];
