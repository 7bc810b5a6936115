import { registeredClientFields, registeredClientListOutput, registeredClientWithSecretOutput } from "../../server/oauth-server";
import { AUTH_DESCRIPTION, crossOrigin, invalidJson, noWorkspaceExample, ownerOnly, refused } from "../openapi/common-responses";
import type { ReplayRequest, ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call, pathParam } from "../bind";

const UNKNOWN_APP = "00000000-0000-4000-8000-000000000000";
const UNKNOWN_CLIENT = "svc_oc_AAAAAAAAAAAAAAAAAAAAAA";
const RULES = "The workspace owner only: the consent page shows these clients as vouched for by the workspace.";
const appParam = { name: "appId", description: "The app's id." };
const clientParam = { name: "clientId", description: "The client's `client_id` (`svc_oc_…`)." };
/** What creation answers (the replay checks a success against the schema: ids, secret and time differ on every call). */
const CREATED = {
  clientId: "svc_oc_3q2-7wEvRkW0mX1b9pYc4A",
  appId: "2e1d0c9b-8a7f-4e6d-9c5b-4a3f2e1d0c9b",
  name: "Reports portal",
  logoUri: null,
  redirectUris: ["https://reports.example.com/callback"],
  type: "confidential",
  tokenEndpointAuthMethod: "client_secret_basic",
  createdAt: "2026-01-07T08:00:00.000Z",
  secretRotatedAt: null,
  clientSecret: "svc_ocs_b1Zl0o9Jm3kQe7Xr2Vt8Ua5Ns6Pw4Hy0Gc1Df3Ei7Kq",
};
const BODY = { name: CREATED.name, redirectUris: CREATED.redirectUris, type: CREATED.type };

const notOwner = (request: Omit<ReplayRequest, "as">): ResponseDoc => ownerOnly("Only the workspace owner can manage OAuth clients", request);

/** A write's one 403: another site's page, or a caller who is not the workspace owner; both examples are replayed. */
const crossOriginOrNotOwner = (request: Omit<ReplayRequest, "as">, description = "A write from another site's page, or a caller who is not the workspace owner."): ResponseDoc => ({
  ...crossOrigin(request),
  examples: [...crossOrigin(request).examples!, ...notOwner(request).examples!],
  description,
});

/** A client of an app that is not the caller's: what the refusals of a client's writes are replayed with. */
const UNKNOWN_CLIENT_PATH = { params: { appId: UNKNOWN_APP, clientId: UNKNOWN_CLIENT } };

const noApp = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 404,
  description: "No app of this id in your workspace, or you belong to no workspace.",
  examples: [
    { name: "unknown-app", summary: "An id that names no app of yours", body: { message: "App not found" }, request: { as: "owner", ...request } },
    noWorkspaceExample(request),
  ],
});

const noClient = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 404,
  description: "No such client on this app, no app of this id in your workspace, or no workspace.",
  examples: [
    { name: "unknown-client", summary: "A client id this app does not have", body: { message: "OAuth client not found" }, request: { as: "owner", setup: "app", ...request, params: { appId: "{{setup}}", clientId: UNKNOWN_CLIENT } } },
    { name: "unknown-app", summary: "An id that names no app of yours", body: { message: "App not found" }, request: { as: "owner", ...request, params: { appId: UNKNOWN_APP, clientId: UNKNOWN_CLIENT } } },
  ],
});

export const oauthClientOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/apps/{appId}/oauth-clients",
    handler: call((caller) => caller.oauthClients.list, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId") }), noStore: true }),
    tag: "Apps",
    summary: "An app's registered OAuth clients",
    description: `The OAuth clients registered on this app for the service's authorization server (\`/auth/v1/oauth/\`); no secrets. ${RULES} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: appParam,
    responses: [
      { status: 200, description: "The clients.", schema: registeredClientListOutput, examples: [{ name: "none", summary: "None yet", body: { clients: [] }, exact: true, request: { as: "owner", setup: "app", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN_APP }),
      notOwner({ param: UNKNOWN_APP }),
      noApp({ param: UNKNOWN_APP }),
    ],
  }),
  route({
    method: "POST",
    path: "/api/apps/{appId}/oauth-clients",
    handler: call((caller) => caller.oauthClients.create, { auth: "sessionOrKey", body: true, input: (ctx) => ({ appId: pathParam(ctx, "appId") }), status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Register an OAuth client",
    description: `\`name\` (1-100 characters), \`logoUri\` (https, optional), \`redirectUris\` (1-10 absolute http(s) URLs, matched exactly), \`type\` (\`confidential\` or \`public\`). A confidential client's \`clientSecret\` is in this answer only: the service keeps its hash. ${RULES} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: appParam,
    jsonBody: registeredClientFields,
    responses: [
      { status: 201, description: "The client, with its secret this once.", schema: registeredClientWithSecretOutput, examples: [{ name: "created", summary: "A confidential client", body: CREATED, request: { as: "owner", setup: "app", param: "{{setup}}", json: BODY } }] },
      {
        status: 400,
        description: "A field the rules refuse, or a body that is not JSON.",
        examples: [
          {
            name: "fragment",
            summary: "A redirect URI with a fragment",
            body: { message: "Each redirect URI must be an absolute http or https URL of at most 2000 characters, without a fragment or credentials" },
            request: { as: "owner", setup: "app", param: "{{setup}}", json: { ...BODY, redirectUris: ["https://reports.example.com/callback#x"] } },
          },
          invalidJson("owner", { setup: "app", param: "{{setup}}" }),
        ],
      },
      refused({ param: UNKNOWN_APP, json: BODY }),
      crossOriginOrNotOwner(
        { param: UNKNOWN_APP, json: BODY },
        "A write from another site's page, a caller who is not the workspace owner, or an anonymous sign-in's account (`{ message: 'Create an account to register OAuth clients', code: 'ANONYMOUS_ACCOUNT' }`, ADR 062).",
      ),
      noApp({ param: UNKNOWN_APP, json: BODY }),
    ],
  }),
  route({
    method: "POST",
    path: "/api/apps/{appId}/oauth-clients/{clientId}/secret",
    handler: call((caller) => caller.oauthClients.rotateSecret, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId"), clientId: pathParam(ctx, "clientId") }), noStore: true }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Rotate an OAuth client's secret",
    description: `A new \`clientSecret\`, in this answer only; the old one stops at once. ${RULES} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [appParam, clientParam],
    responses: [
      { status: 200, description: "The client with its new secret.", schema: registeredClientWithSecretOutput },
      { status: 400, description: "A public client has no secret to rotate." },
      refused(UNKNOWN_CLIENT_PATH),
      crossOriginOrNotOwner(UNKNOWN_CLIENT_PATH),
      noClient({}),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/apps/{appId}/oauth-clients/{clientId}",
    handler: call((caller) => caller.oauthClients.delete, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId"), clientId: pathParam(ctx, "clientId") }), empty: true }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Delete an OAuth client",
    description: `Every grant people gave it ends: its refresh tokens stop and its access tokens are refused. ${RULES} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [appParam, clientParam],
    responses: [
      { status: 204, description: "Deleted." },
      refused(UNKNOWN_CLIENT_PATH),
      crossOriginOrNotOwner(UNKNOWN_CLIENT_PATH),
      noClient({}),
    ],
  }),
];
