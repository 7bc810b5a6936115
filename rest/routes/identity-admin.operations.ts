import { adminUserBody, adminUserOutput, adminUsersListOutput, adminUsersQuery, generateLinkBody, generateLinkOutput, inviteBody, redirectQuery } from "../../server/identity";
import { type ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call } from "../bind";
import { listUsers } from "./identity-admin";
import { bearerToken, identityBody } from "./identity-provider";

const ADMIN_DESCRIPTION =
  "GoTrue's admin API (auth-js `auth.admin.*`) over the built-in provider's accounts. `Authorization: Bearer <service-role key>`: " +
  "the key is `SERVICE_ROLE_KEY`, generated into `.data/secrets.env` when unset. Errors are GoTrue's `{ code, error_code, msg }`.";
const SOMEONE = "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f";

const refusals = (param?: string, json?: unknown): ResponseDoc[] => [
  {
    status: 401,
    description: "No bearer.",
    examples: [{ name: "no-bearer", summary: "No Authorization header", body: { code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" }, request: { as: "anonymous", param, json } }],
  },
  {
    status: 403,
    description: "A bearer that is not the service-role key, a user's access token included.",
    examples: [{ name: "not-admin", summary: "A user's access token", body: { code: 403, error_code: "not_admin", msg: "User not allowed" }, request: { as: "ownerToken", param, json } }],
  },
];
const notFound: ResponseDoc = { status: 404, description: "No account with this id: `user_not_found` `User not found`." };
const invalid: ResponseDoc = { status: 400, description: "An invalid email address (`validation_failed`) or a body that is not JSON." };
const unprocessable: ResponseDoc = { status: 422, description: "A password too short or too long (`weak_password`), or an email another account has (`email_exists`)." };
const idParam = { name: "id", description: "The account's id (UUID)." };

export const identityAdminOperations: Route[] = [
  route({
    method: "POST",
    path: "/auth/v1/admin/users",
    handler: call((caller) => caller.idp.adminCreateUser, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Create an account (admin)",
    description: `${ADMIN_DESCRIPTION} Without \`password\` the account cannot sign in until one is set; \`email_confirm: true\` takes the address as confirmed.`,
    auth: ["identityToken"],
    jsonBody: adminUserBody,
    responses: [{ status: 200, description: "The new account.", schema: adminUserOutput }, invalid, ...refusals(undefined, { email: "grace@example.com" }), unprocessable],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/users",
    handler: listUsers,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "List accounts (admin)",
    description: `${ADMIN_DESCRIPTION} Newest first, a page at a time; \`X-Total-Count\` counts them all and \`Link\` names the next and last pages.`,
    auth: ["identityToken"],
    query: adminUsersQuery,
    responses: [
      {
        status: 200,
        description: "A page of accounts.",
        schema: adminUsersListOutput,
        headers: { "X-Total-Count": "How many accounts there are.", Link: 'The `rel="next"` (when there is one) and `rel="last"` pages.' },
      },
      { status: 400, description: "`page` or `per_page` not a whole number: GoTrue's `validation_failed` `Bad Pagination Parameters: strconv.ParseUint: parsing \"-1\": invalid syntax`." },
      ...refusals(),
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/users/{id}",
    handler: call((caller) => caller.idp.adminGetUser, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), id: ctx.params.id ?? "" }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "An account (admin)",
    description: ADMIN_DESCRIPTION,
    auth: ["identityToken"],
    pathParam: idParam,
    responses: [{ status: 200, description: "The account.", schema: adminUserOutput }, ...refusals(SOMEONE), notFound],
  }),
  route({
    method: "PUT",
    path: "/auth/v1/admin/users/{id}",
    handler: call((caller) => caller.idp.adminUpdateUser, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), id: ctx.params.id ?? "", fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Change an account (admin)",
    description: `${ADMIN_DESCRIPTION} Changes apply at once (no mail); a new password ends every session of the account.`,
    auth: ["identityToken"],
    pathParam: idParam,
    jsonBody: adminUserBody,
    responses: [{ status: 200, description: "The changed account.", schema: adminUserOutput }, invalid, ...refusals(SOMEONE, { user_metadata: { plan: "pro" } }), notFound, unprocessable],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/admin/users/{id}",
    handler: call((caller) => caller.idp.adminDeleteUser, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), id: ctx.params.id ?? "" }), answer: () => ({}) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Delete an account (admin)",
    description: `${ADMIN_DESCRIPTION} Its sessions end and the account is gone (\`should_soft_delete\` is not kept apart: the deletion is always for good).`,
    auth: ["identityToken"],
    pathParam: idParam,
    responses: [{ status: 200, description: "Deleted: an empty object, as GoTrue answers." }, ...refusals(SOMEONE), notFound],
  }),
  route({
    method: "POST",
    path: "/auth/v1/admin/generate_link",
    // auth-js sends `redirectTo` as the `redirect_to` query parameter.
    handler: call((caller) => caller.idp.adminGenerateLink, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), fields, redirectTo: ctx.url.searchParams.get("redirect_to") }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Make a sign-in link and code (admin)",
    description:
      `${ADMIN_DESCRIPTION} GoTrue's \`generate_link\` (auth-js \`auth.admin.generateLink\`): the account prepared for \`type\` and, in the answer only (nothing is mailed), ` +
      "a link to `GET /auth/v1/verify` and a six-digit code; either signs the person in once within 60 minutes. A new link of a kind replaces the account's earlier one.",
    auth: ["identityToken"],
    query: redirectQuery,
    jsonBody: generateLinkBody,
    responses: [
      { status: 200, description: "The account with `action_link`, `email_otp`, `hashed_token`, `verification_type` and `redirect_to`.", schema: generateLinkOutput },
      { status: 400, description: "No email (`An email address is required`), an invalid one, an unknown `type` (`Invalid email action link type requested: …`), or `signup` without a password." },
      ...refusals(undefined, { type: "magiclink", email: "grace@example.com" }),
      { status: 404, description: "`recovery` or an email change for an address without an account: `user_not_found` `User with this email not found`." },
      { status: 413, description: "A body over the JSON limit: `request_too_large`." },
      { status: 422, description: "`signup` or `invite` of a confirmed account, or a `new_email` another account has: `email_exists`; a password too short: `weak_password`." },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/invite",
    handler: call((caller) => caller.idp.adminInvite, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), fields, redirectTo: ctx.url.searchParams.get("redirect_to") }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Invite by email (admin)",
    description:
      `${ADMIN_DESCRIPTION} GoTrue's invite (auth-js \`auth.admin.inviteUserByEmail\`): an unconfirmed account with \`invited_at\` (or an unconfirmed one invited again), ` +
      "and a mail with a link and a code that sign the person in once within 60 minutes (then `PUT /auth/v1/user` sets a password). Needs mail (`SMTP_URL`).",
    auth: ["identityToken"],
    query: redirectQuery,
    jsonBody: inviteBody,
    responses: [
      { status: 200, description: "The invited account.", schema: adminUserOutput },
      { status: 400, description: "No email (`An email address is required`) or an invalid one (`validation_failed`)." },
      ...refusals(undefined, { email: "grace@example.com" }),
      { status: 413, description: "A body over the JSON limit: `request_too_large`." },
      { status: 422, description: "A confirmed account has the address: `email_exists`; no mail configured: `email_provider_disabled`, naming `SMTP_URL`." },
    ],
  }),
];
