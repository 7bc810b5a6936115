import { z } from "zod";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";

/** Raw inputs: the provider itself answers malformed values with its own errors. */
export const credentialsInput = z.object({
  // Absent is "" too: GoTrue's sign-up without an email is an anonymous sign-in, not a zod message.
  email: z.unknown().optional().transform((v) => (typeof v === "string" ? v : "")),
  password: z.unknown().optional().transform((v) => (typeof v === "string" ? v : "")),
  data: z.record(z.string(), z.unknown()).optional(),
  /** Only told apart from absent: GoTrue's anonymous sign-in is a sign-up with neither email nor phone. */
  phone: z.unknown().optional(),
  /** The query's `redirect_to` (auth-js `emailRedirectTo`), for the confirmation link. */
  redirectTo: z.string().nullable().optional(),
});

export const tokenInput = z.object({
  grantType: z.string(),
  email: z.unknown().optional(),
  password: z.unknown().optional(),
  refresh_token: z.unknown().optional(),
  // `grant_type=id_token` (auth-js signInWithIdToken, server/external-sign-in/id-token-grant.ts).
  provider: z.unknown().optional(),
  issuer: z.unknown().optional(),
  id_token: z.unknown().optional(),
  access_token: z.unknown().optional(),
  nonce: z.unknown().optional(),
  // `grant_type=pkce` (auth-js exchangeCodeForSession, ADR 075).
  auth_code: z.unknown().optional(),
  code_verifier: z.unknown().optional(),
});

export const accessTokenInput = z.object({ accessToken: z.string() });
/** GoTrue's `POST /logout?scope=`: raw, so an unknown scope gets GoTrue's own answer. */
export const logoutInput = z.object({ accessToken: z.string(), scope: z.string().optional() });
export const logoutQuery = z.object({
  scope: z.enum(["global", "local", "others"]).optional().describe("`global` (default): every session of the account; `local`: this one; `others`: all but this one."),
});
export const updateUserInput = z.object({
  accessToken: z.string(),
  data: z.record(z.string(), z.unknown()).default({}),
  email: z.unknown().optional(),
  password: z.unknown().optional(),
  nonce: z.unknown().optional(),
});

/** `GET /api/auth/me` (SPEC 4.4). */
export const sessionStatusOutput = z.object({ loggedIn: z.boolean(), userId: uuidOutput.nullable(), email: z.string().nullable() });
export const jwksOutput = z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) });

/** A two-step factor as GoTrue (and auth-js's `Factor` type) shows it, on a user and on the admin factor routes. */
export const factorOutput = z.object({
  id: uuidOutput,
  friendly_name: z.string(),
  factor_type: z.enum(["totp", "recovery_code"]),
  status: z.enum(["unverified", "verified"]),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A user as the built-in provider answers it (GoTrue's fields that it fills; `ProviderUser`). */
export const identityUserOutput = z.object({
  id: uuidOutput,
  aud: z.literal("authenticated"),
  role: z.literal("authenticated"),
  email: z.string().describe("Empty for an anonymous account without an address."),
  user_metadata: z.record(z.string(), z.unknown()),
  email_confirmed_at: z.string().optional().describe("ISO 8601; absent until the address is confirmed."),
  invited_at: z.string().optional().describe("ISO 8601; when the admin API last invited the address (`POST /auth/v1/invite`)."),
  phone: z.literal("").describe("Always empty: the built-in provider has no phone sign-in."),
  confirmed_at: z.string().optional().describe("ISO 8601; GoTrue's older name for `email_confirmed_at`."),
  new_email: z.string().optional().describe("With mail: the address asked for, until the link mailed to it is followed."),
  last_sign_in_at: z.string().optional().describe("ISO 8601; absent before the first sign-in."),
  app_metadata: z
    .looseObject({ provider: z.string().optional(), providers: z.array(z.string()).optional() })
    .describe("`provider`: how the account was made (`email`, or an upstream provider such as `github`); `providers`: every identity's provider (none for an anonymous account without an address); and the keys the admin API set."),
  identities: z
    .array(
      z.object({
        identity_id: z.string(),
        id: z.string(),
        user_id: uuidOutput,
        identity_data: z.record(z.string(), z.unknown()),
        provider: z.string(),
        last_sign_in_at: z.string().optional(),
        created_at: z.string(),
        updated_at: z.string(),
        email: z.string().optional(),
      }),
    )
    .describe("The account's identities (GoTrue's `identities`): `email` for a password account, one per upstream provider it signed in with (`github`, `google`, `keycloak`); empty in the answer to a sign-up still to confirm, and for an anonymous account without an address."),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
  is_anonymous: z.boolean().describe("An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`), until an address is added and confirmed."),
  factors: z
    .array(factorOutput)
    .optional()
    .describe("Two-step sign-in factors, verified or not; absent when there are none (GoTrue's `omitempty`)."),
});
/** A session as `/auth/v1/signup` and `/auth/v1/token` answer it (`TokenResponse`). */
export const identitySessionOutput = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int().describe("Seconds the access token is valid for (3600)."),
  expires_at: z.number().int().describe("Unix seconds when the access token expires."),
  refresh_token: z.string(),
  user: identityUserOutput,
});

/**
 * What the GoTrue endpoints read, for the document and generated clients. The handlers read
 * the body leniently (credentialsInput, tokenInput) to answer GoTrue's exact errors.
 */
export const signupBody = z.object({
  email: z.string().describe("The account's email address. A body with neither `email` nor `phone` (`{ data }`) is GoTrue's anonymous sign-in instead (`ANONYMOUS_SIGN_IN`)."),
  password: z.string().describe("8 to 1024 characters."),
  data: z.record(z.string(), z.unknown()).optional().describe("User metadata, any JSON keys (e.g. `display_name`), at most 2 KB serialized."),
});
export const tokenQuery = z.object({
  grant_type: z
    .enum(["password", "refresh_token", "pkce", "id_token", "web3"])
    .describe("`password` (with `email` and `password`), `refresh_token` (with `refresh_token`) or `pkce` (with `auth_code` and `code_verifier`, after a sign-in through an upstream provider); `id_token` (with `provider`, `id_token`, `nonce`) signs in with an ID token of Google or the `keycloak` issuer when enabled; `web3` is refused as a GoTrue with it off does."),
});
export const tokenBody = z.object({
  email: z.string().optional().describe("With `grant_type=password`."),
  password: z.string().optional().describe("With `grant_type=password`."),
  refresh_token: z.string().optional().describe("With `grant_type=refresh_token`."),
  provider: z.string().optional().describe("With `grant_type=id_token`: `google` or `keycloak` (another name is refused as not enabled)."),
  id_token: z.string().optional().describe("With `grant_type=id_token`: the provider's ID token."),
  nonce: z.string().optional().describe("With `grant_type=id_token`: the raw nonce; the token must carry its SHA-256 in hex (or neither has one)."),
  access_token: z.string().optional().describe("With `grant_type=id_token`: the provider's access token, checked against the token's `at_hash` when it has one."),
  issuer: z.string().optional().describe("With `grant_type=id_token` and no `provider`: the issuer, which picks the provider it belongs to."),
  auth_code: z.string().optional().describe("With `grant_type=pkce`: the `code` the callback sent to `redirect_to`."),
  code_verifier: z.string().optional().describe("With `grant_type=pkce`: the verifier of the `code_challenge` given to `/authorize`."),
});
/** The token endpoint's form body (GoTrue reads `grant_type` from the query, then the form). */
export const tokenFormBody = tokenBody.extend({
  grant_type: z.enum(["password", "refresh_token"]).optional().describe("When the query has none."),
});
export const updateUserBody = z.object({
  data: z.record(z.string(), z.unknown()).optional().describe("Merged into `user_metadata` key by key; a `null` value removes the key; at most 2 KB serialized once merged."),
  email: z.string().optional().describe("A new address: applied at once without mail; with mail, kept in `new_email` until the link mailed to it is followed."),
  password: z.string().optional().describe("A new password (8 to 1024 characters); every other session of the account ends."),
  nonce: z.string().optional().describe("With mail, from a session signed in more than 24 hours ago: the code `GET /auth/v1/reauthenticate` mailed, required with `password`."),
});

/** The admin API (`/auth/v1/admin/users`): raw fields, validated with GoTrue's errors. */
export const adminUserInput = z.object({
  serviceKey: z.string(),
  id: z.string().optional(),
  fields: z.record(z.string(), z.unknown()).default({}),
});
export const adminUsersPageInput = z.object({ serviceKey: z.string(), page: z.string().optional(), perPage: z.string().optional() });
export const adminUserOutput = identityUserOutput;
export const adminUsersListOutput = z.object({ users: z.array(identityUserOutput), aud: z.literal("authenticated") });
export const adminUsersQuery = z.object({
  page: z.coerce.number().int().min(1).optional().describe("1 (the default) for the newest accounts."),
  per_page: z.coerce.number().int().min(1).max(1000).optional().describe("50 by default, at most 1000."),
});
export const adminUserBody = z.object({
  email: z.string().optional().describe("Required to create; an admin's change applies at once."),
  password: z.string().optional().describe("8 to 1024 characters; a change ends every session of the account."),
  email_confirm: z.boolean().optional().describe("`true`: the address counts as confirmed."),
  user_metadata: z.record(z.string(), z.unknown()).optional().describe("Merged into `user_metadata` as `data` is."),
  app_metadata: z.record(z.string(), z.unknown()).optional().describe("Merged into `app_metadata` key by key (`null` removes one; `provider` and `providers` stay derived), at most 512 bytes serialized; carried in access tokens."),
});

/** `POST /admin/generate_link` and `/invite`: raw fields, validated with GoTrue's errors; `redirect_to` from the query. */
export const adminLinkInput = z.object({
  serviceKey: z.string(),
  redirectTo: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()).default({}),
});
export const generateLinkBody = z.object({
  type: z
    .enum(["signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new"])
    .describe("`signup` (with `password`) and `invite` make the account when there is none; `magiclink` for an unknown address is a `signup`; the others need an account."),
  email: z.string().describe("The account's address."),
  new_email: z.string().optional().describe("With `email_change_current` and `email_change_new`: the address to change to, kept in `new_email` until the link is followed."),
  password: z.string().optional().describe("With `signup`: 8 to 1024 characters."),
  data: z.record(z.string(), z.unknown()).optional().describe("With `signup` and `invite`: merged into `user_metadata`."),
});
export const generateLinkOutput = identityUserOutput.extend({
  action_link: z.string().describe("`{BASE_URL}/auth/v1/verify?token=…&type=…&redirect_to=…`: followed once within 60 minutes, it signs the person in (redirect with the session in the fragment)."),
  email_otp: z.string().describe("The six-digit code: `POST /auth/v1/verify` with `{ type, email, token }` signs in once."),
  hashed_token: z.string().describe("The link's token: `POST /auth/v1/verify` with `{ type, token_hash }` signs in once."),
  verification_type: z.string().describe("The type the link was made for (`signup` for a magic link to an unknown address)."),
  redirect_to: z.string().describe("Where the link lands: the `redirect_to` asked for when it is on this service's origin, else `BASE_URL`."),
});
export const inviteBody = z.object({
  email: z.string().describe("The address to invite."),
  data: z.record(z.string(), z.unknown()).optional().describe("Merged into the account's `user_metadata`."),
});

/** `POST /recover`, `/otp`, `/resend`, `/verify`: raw fields, validated with GoTrue's errors. */
export const gotrueFieldsInput = z.object({ fields: z.record(z.string(), z.unknown()).default({}) });
export const emptyOutput = z.object({}).describe("GoTrue's empty answer.");
export const recoverBody = z.object({
  email: z.string().describe("The account's address; the answer is the same whether or not it has one."),
  code_challenge: z.string().optional().describe("Accepted for auth-js's PKCE flow; the mailed link is the dashboard's reset page either way."),
  code_challenge_method: z.string().optional(),
});
export const authorizeQuery = z.object({
  provider: z.string().describe("An upstream provider: `github`, `google` or `keycloak` when enabled (`EXTERNAL_<NAME>_ENABLED`)."),
  redirect_to: z.string().optional().describe("Where the browser comes back; the site URL (`BASE_URL`) unless allowed (`redirectTarget`)."),
  scopes: z.string().optional().describe("More scopes to ask the provider for."),
  code_challenge: z.string().optional().describe("PKCE (auth-js with `flowType: \"pkce\"`): the callback then sends a `code` for `grant_type=pkce`."),
  code_challenge_method: z.enum(["s256", "plain", "S256"]).optional(),
});
export const otpBody = z.object({
  email: z.string().describe("The address to mail the magic link and code to."),
  create_user: z.boolean().optional().describe("`false`: an address without an account gets no account and no mail (the answer is the same `{}`). Default `true`."),
  data: z.record(z.string(), z.unknown()).optional().describe("User metadata for a new account, as at sign-up."),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});
export const redirectQuery = z.object({
  redirect_to: z.string().optional().describe("Where the mailed link lands after signing in: a URL on this service's origin (anything else becomes BASE_URL)."),
});
export const mailedLinkRedirectQuery = z.object({
  redirect_to: z
    .string()
    .optional()
    .describe("Carried in the mailed link (auth-js `emailRedirectTo`, `resetPasswordForEmail`'s `redirectTo`) when it is the site URL (`BASE_URL`) or on `URI_ALLOW_LIST`; any other becomes the site URL."),
});
export const verifyBody = z.object({
  type: z.enum(["email", "magiclink", "signup"]).describe("`email` (a code), `magiclink` or `signup`: all verify the mailed sign-in token."),
  email: z.string().optional().describe("With `token`."),
  token: z.string().optional().describe("The six-digit code from the mail."),
  token_hash: z.string().optional().describe("The link's `token`, instead of `email` and `token`."),
});
export const verifyQuery = z.object({
  token: z.string().describe("The magic link's token."),
  type: z.enum(["email", "magiclink", "signup"]),
  redirect_to: z.string().optional().describe("A URL on this service's origin; BASE_URL otherwise."),
});
export const resendBody = z.object({
  type: z.enum(["signup", "email_change"]).describe("`signup`: the confirmation link again; `email_change`: the link to the pending new address."),
  email: z.string().describe("The account's address."),
});

/** One row of "Where you're signed in" (`GET /api/user/sessions`; docs/decisions/046). */
export const signedInSessionOutput = z.object({
    id: uuidOutput,
    browser: z.string().describe('Browser and major version read from the user agent, e.g. "Firefox 133"; "Unknown browser" when unreadable.'),
    system: z.string().describe('Operating system, e.g. "macOS Catalina"; "Unknown system" when unreadable.'),
    address: z.string().nullable().describe("The address the session signed in from; null when unknown."),
    createdAt: isoTimeOutput,
    lastActiveAt: isoTimeOutput.describe("Written at most once a minute."),
    current: z.boolean().describe("The session of this request."),
});
export const signedInSessionsOutput = z.object({ sessions: z.array(signedInSessionOutput) });
export const signedOutOthersOutput = z.object({ signedOut: z.number().int().describe("How many other sessions ended.") });
/** Any string: the service answers "Session not found" for anything that names none. */
export const sessionIdInput = z.object({ sessionId: z.string() });
