import { adminFactorOutput, adminFactorsOutput } from "../../server/two-step";
import { adminOAuthClientCreateBody, adminOAuthClientListOutput, adminOAuthClientOutput, adminOAuthClientQuery, adminOAuthClientUpdateBody, OAUTH_PATHS } from "../../server/oauth-server";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call, pathParam } from "../bind";
import { listOAuthClients } from "./identity-admin";
import { bearerToken, identityBody } from "./identity-provider";

const ADMIN_DESCRIPTION =
  "GoTrue's admin API (auth-js `auth.admin.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). Errors are GoTrue's `{ code, error_code, msg }`.";
const CLIENTS_DESCRIPTION =
  `${ADMIN_DESCRIPTION} The authorization server's clients (docs/decisions/055): the same clients \`${OAUTH_PATHS.register}\` makes, so one made here works at once ` +
  `at \`${OAUTH_PATHS.authorize}\` and \`${OAUTH_PATHS.token}\`.`;
const FACTORS_DESCRIPTION = `${ADMIN_DESCRIPTION} A person's two-step sign-in factors (docs/decisions/045 and 055).`;
const SOMEONE = "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f";
const SOME_CLIENT = "5d7c2a1e-9b3f-4e8d-a6c0-1f2e3d4c5b6a";

/** The admin API's 401 and 403, each with a replayable example (shared by the custom provider routes). */
export const refusals = (params?: Record<string, string>, json?: unknown): ResponseDoc[] => [
  {
    status: 401,
    description: "No bearer.",
    examples: [{ name: "no-bearer", summary: "No Authorization header", body: { code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" }, request: { as: "anonymous", params, json } }],
  },
  {
    status: 403,
    description: "A bearer that is not the service-role key, a user's access token included.",
    examples: [{ name: "not-admin", summary: "A user's access token", body: { code: 403, error_code: "not_admin", msg: "User not allowed" }, request: { as: "ownerToken", params, json } }],
  },
];
const clientParam = { name: "clientId", description: "The client's `client_id`." };
const userParam = { name: "id", description: "The account's id (UUID)." };
const factorParam = { name: "factorId", description: "The factor's id (UUID)." };
const clientNotFound: ResponseDoc = { status: 404, description: "No registered client with this id: `oauth_client_not_found` `OAuth client not found`." };
const invalidClient: ResponseDoc = {
  status: 400,
  description: "A field GoTrue's rules refuse (`validation_failed`: no or more than 10 `redirect_uris`, an `http` redirect off localhost, a fragment, an unknown grant type, NUL or broken UTF-16 in a value, …) or a body that is not JSON (`bad_json`).",
};
const tooLarge: ResponseDoc = { status: 413, description: "A body over the JSON limit: `request_too_large`." };
const userNotFound: ResponseDoc = { status: 404, description: "No account with this id (`user_not_found` `User not found`), or no factor of this id on it (`mfa_factor_not_found` `Factor not found`)." };

export const identityAdminSecurityOperations: Route[] = [
  route({
    method: "GET",
    path: "/auth/v1/admin/oauth/clients",
    handler: listOAuthClients,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "List OAuth clients (admin)",
    description: `${CLIENTS_DESCRIPTION} Newest first, a page at a time; \`X-Total-Count\` counts them all and \`Link\` names the next and last pages. No secret is ever listed.`,
    auth: ["identityToken"],
    query: adminOAuthClientQuery,
    responses: [
      {
        status: 200,
        description: "A page of clients.",
        schema: adminOAuthClientListOutput,
        headers: { "X-Total-Count": "How many registered clients there are.", Link: 'The `rel="next"` (when there is one) and `rel="last"` pages.' },
      },
      { status: 400, description: "`page` or `per_page` not a whole number: GoTrue's `validation_failed` `Bad Pagination Parameters: …`." },
      ...refusals(),
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/admin/oauth/clients",
    handler: call((caller) => caller.idpAdminSecurity.createOAuthClient, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), fields }), status: 201 }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Create an OAuth client (admin)",
    description: `${CLIENTS_DESCRIPTION} A \`manual\` client; a confidential one (the default) gets \`client_secret\` in this answer only.`,
    auth: ["identityToken"],
    jsonBody: adminOAuthClientCreateBody,
    responses: [
      { status: 201, description: "The new client, with its secret when it is confidential.", schema: adminOAuthClientOutput },
      invalidClient,
      ...refusals(undefined, { client_name: "Reports", redirect_uris: ["https://reports.example.com/callback"] }),
      tooLarge,
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/oauth/clients/{clientId}",
    handler: call((caller) => caller.idpAdminSecurity.getOAuthClient, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), id: pathParam(ctx, "clientId") }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "An OAuth client (admin)",
    description: `${CLIENTS_DESCRIPTION} Without its secret.`,
    auth: ["identityToken"],
    pathParam: clientParam,
    responses: [{ status: 200, description: "The client.", schema: adminOAuthClientOutput }, ...refusals({ clientId: SOME_CLIENT }), clientNotFound],
  }),
  route({
    method: "PUT",
    path: "/auth/v1/admin/oauth/clients/{clientId}",
    handler: call((caller) => caller.idpAdminSecurity.updateOAuthClient, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), id: pathParam(ctx, "clientId"), fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Change an OAuth client (admin)",
    description: `${CLIENTS_DESCRIPTION} Only the fields given change; none at all is \`No fields provided for update\`.`,
    auth: ["identityToken"],
    pathParam: clientParam,
    jsonBody: adminOAuthClientUpdateBody,
    responses: [
      { status: 200, description: "The changed client, without its secret.", schema: adminOAuthClientOutput },
      invalidClient,
      ...refusals({ clientId: SOME_CLIENT }, { client_name: "Reports" }),
      clientNotFound,
      tooLarge,
    ],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/admin/oauth/clients/{clientId}",
    handler: call((caller) => caller.idpAdminSecurity.deleteOAuthClient, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), id: pathParam(ctx, "clientId") }), empty: true }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Delete an OAuth client (admin)",
    description: `${CLIENTS_DESCRIPTION} Its grants, codes and refresh tokens go with it and the sessions they opened end, so its access tokens stop too.`,
    auth: ["identityToken"],
    pathParam: clientParam,
    responses: [{ status: 204, description: "Deleted." }, ...refusals({ clientId: SOME_CLIENT }), clientNotFound],
  }),
  route({
    method: "POST",
    path: "/auth/v1/admin/oauth/clients/{clientId}/regenerate_secret",
    handler: call((caller) => caller.idpAdminSecurity.regenerateOAuthClientSecret, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), id: pathParam(ctx, "clientId") }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Regenerate an OAuth client's secret (admin)",
    description: `${CLIENTS_DESCRIPTION} The new secret is in this answer only; the old one stops at once.`,
    auth: ["identityToken"],
    pathParam: clientParam,
    responses: [
      { status: 200, description: "The client with its new `client_secret`.", schema: adminOAuthClientOutput },
      { status: 400, description: "A public client has no secret: `validation_failed` `Cannot regenerate secret for public client`." },
      ...refusals({ clientId: SOME_CLIENT }),
      clientNotFound,
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/users/{id}/factors",
    handler: call((caller) => caller.idpAdminSecurity.listFactors, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), userId: pathParam(ctx, "id") }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "A person's factors (admin)",
    description: `${FACTORS_DESCRIPTION} Verified or not, oldest first (auth-js \`auth.admin.mfa.listFactors\`).`,
    auth: ["identityToken"],
    pathParam: userParam,
    responses: [{ status: 200, description: "The factors.", schema: adminFactorsOutput }, ...refusals({ id: SOMEONE }), { status: 404, description: "No account with this id: `user_not_found` `User not found`." }],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/admin/users/{id}/factors/{factorId}",
    handler: call((caller) => caller.idpAdminSecurity.deleteFactor, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), userId: pathParam(ctx, "id"), factorId: pathParam(ctx, "factorId") }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Remove a person's factor (admin)",
    description:
      `${FACTORS_DESCRIPTION} No \`aal2\` needed: the key is the authority (a lost authenticator). When no other verified factor is left, the recovery codes go too ` +
      "and the account's sessions drop back to `aal1`.",
    auth: ["identityToken"],
    pathParams: [userParam, factorParam],
    responses: [{ status: 200, description: "The deleted factor.", schema: adminFactorOutput }, ...refusals({ id: SOMEONE, factorId: SOME_CLIENT }), userNotFound],
  }),
];
