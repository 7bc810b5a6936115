import {
  serviceProviderInfoOutput,
  ssoRuleInput,
  ssoRuleOutput,
  testReportOutput,
  testStartOutput,
  workspaceProviderCreateInput,
  workspaceProviderListOutput,
  workspaceProviderOutput,
  workspaceProviderUpdateFields,
  PROVIDER_NOT_FOUND_MESSAGE,
} from "../../server/sso";
import { AUTH_DESCRIPTION, crossOrigin, noWorkspace, noWorkspaceExample, ownerOnly, refused } from "../openapi/common-responses";
import type { ResponseDoc, ReplayRequest } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call, pathParam } from "../bind";
import { readJsonObject } from "../body";
import { bearerToken } from "./identity-provider";
import { refusals } from "./identity-admin-security.operations";
import { AppError } from "../../server/platform/errors";
import { isUuidText } from "../../server/platform/db/uuid-text";
import type { RequestContext } from "../request-context";

/**
 * A workspace owner's own single sign-on (issue 32 item 3, ADR 086): identity providers of the
 * workspace, what to paste into them, "test the connection", and "require single sign-on".
 */
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const OWNER_ONLY = "Only the workspace owner can manage single sign-on";
const PERMISSIONS = "The workspace owner only (members and viewers get 403). Another workspace's providers are 404 here.";
const providerParam = { name: "providerId", description: "The provider's `id`, as listed." };

/** A path id that is not a UUID names no provider: 404, as an unknown one. */
function knownShape(ctx: RequestContext): void {
  if (!isUuidText(pathParam(ctx, "providerId").toLowerCase())) throw new AppError("NOT_FOUND", PROVIDER_NOT_FOUND_MESSAGE);
}
const providerId = (ctx: RequestContext) => ({ providerId: pathParam(ctx, "providerId").toLowerCase() });

const forbidden = (request: Omit<ReplayRequest, "as"> = {}): ResponseDoc => ownerOnly(OWNER_ONLY, request);
const notFound = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 404,
  description: "No provider of this id in your workspace (another workspace's included), or you belong to no workspace.",
  examples: [
    { name: "unknown", summary: "An id that names no provider of yours", body: { message: PROVIDER_NOT_FOUND_MESSAGE }, request: { as: "owner", ...request } },
    noWorkspaceExample(request),
  ],
});
const badProvider: ResponseDoc = {
  status: 400,
  description:
    "Refused before anything is written: SAML metadata that is not SAML or has no `IDPSSODescriptor`, both or neither of `metadataXml` and `metadataUrl`, an OpenID issuer that is not https, a missing client id or secret, a domain the workspace has not verified (`SSO_DOMAIN_NOT_VERIFIED`), a domain another provider has, a mapping to `owner`.",
  examples: [
    {
      name: "domain-not-verified",
      summary: "A domain the workspace has not verified",
      body: { message: "unverified.example is not a verified domain of this workspace: claim and verify it under Email domains first", code: "SSO_DOMAIN_NOT_VERIFIED" },
      request: { as: "owner", json: { type: "oidc", issuer: "https://idp.example", clientId: "svc", clientSecret: "s3cret", domains: ["unverified.example"] } },
    },
  ],
};

export const workspaceSsoOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/tenants/me/sso/providers",
    handler: call((caller) => caller.workspaceSso.providers, { auth: "sessionOrKey", noStore: true }),
    tag: "Workspaces",
    summary: "Identity providers of your workspace",
    description: `The workspace's own SAML and OpenID single sign-on providers, with their domains and role mapping (never the OpenID client secret). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    responses: [
      { status: 200, description: "The providers.", schema: workspaceProviderListOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "none", summary: "No provider yet", body: { providers: [] }, exact: true, request: { as: "owner" } }] },
      refused({}),
      forbidden(),
      noWorkspace(),
    ],
  }),
  route({
    method: "POST",
    path: "/api/tenants/me/sso/providers",
    handler: call((caller) => caller.workspaceSso.createProvider, { auth: "sessionOrKey", body: true, status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Add an identity provider",
    description:
      "`type: \"saml\"` with `metadataXml` (the uploaded metadata) or `metadataUrl` (https); `type: \"oidc\"` with `issuer`, `clientId` and `clientSecret`. `domains` must be domains the workspace has verified. " +
      "Mapping: `displayNameAttribute`, `groupsAttribute`, `groupRoles` (`{ \"<group>\": \"member\" | \"viewer\" }`), `defaultRole`; `owner` is never given by mapping. " +
      `Recorded in the audit log (\`sso_provider.created\`). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: workspaceProviderCreateInput,
    responses: [
      { status: 201, description: "The provider.", schema: workspaceProviderOutput, headers: { "Cache-Control": "`no-store`" } },
      badProvider,
      refused({ json: { type: "saml" } }),
      forbidden({ json: { type: "saml" } }),
      crossOrigin({ json: { type: "saml" } }),
      noWorkspace({ json: { type: "saml" } }),
      { status: 409, description: "SAML metadata whose entity ID another provider has: nothing is written." },
    ],
  }),
  route({
    method: "GET",
    path: "/api/tenants/me/sso/providers/{providerId}",
    handler: call((caller) => caller.workspaceSso.provider, { auth: "sessionOrKey", guard: knownShape, input: providerId, noStore: true }),
    tag: "Workspaces",
    summary: "One identity provider of your workspace",
    description: `${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: providerParam,
    responses: [
      { status: 200, description: "The provider.", schema: workspaceProviderOutput, headers: { "Cache-Control": "`no-store`" } },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/tenants/me/sso/providers/{providerId}",
    handler: call((caller) => caller.workspaceSso.updateProvider, { auth: "sessionOrKey", guard: knownShape, body: true, input: providerId, noStore: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Change an identity provider",
    description: `Only what is given changes: new SAML metadata (same entity ID), a new OpenID client secret, \`disabled\`, \`domains\` (replaces the list; each verified), the mapping. Recorded in the audit log (\`sso_provider.changed\`). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: { ...providerParam, bodyField: "providerId" },
    jsonBody: workspaceProviderUpdateFields,
    responses: [
      { status: 200, description: "The provider.", schema: workspaceProviderOutput, headers: { "Cache-Control": "`no-store`" } },
      {
        status: 400,
        description: "As on create; nothing is written.",
        examples: [
          { name: "owner-by-mapping", summary: "A mapping to owner", body: { message: "A mapping never gives the owner role: choose member or viewer" }, request: { as: "owner", param: UNKNOWN, json: { defaultRole: "owner" } } },
        ],
      },
      refused({ param: UNKNOWN, json: {} }),
      forbidden({ param: UNKNOWN, json: {} }),
      crossOrigin({ param: UNKNOWN, json: {} }),
      notFound({ param: UNKNOWN, json: {} }),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/tenants/me/sso/providers/{providerId}",
    handler: call((caller) => caller.workspaceSso.removeProvider, { auth: "sessionOrKey", guard: knownShape, input: providerId, empty: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Remove an identity provider",
    description: `The provider goes with its domains; people who signed in through it keep their accounts. Recorded in the audit log (\`sso_provider.removed\`). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: providerParam,
    responses: [{ status: 204, description: "Removed." }, refused({ param: UNKNOWN }), forbidden({ param: UNKNOWN }), crossOrigin({ param: UNKNOWN }), notFound({ param: UNKNOWN })],
  }),
  route({
    method: "GET",
    path: "/api/tenants/me/sso/service-provider",
    handler: call((caller) => caller.workspaceSso.serviceProvider, { auth: "sessionOrKey", noStore: true }),
    tag: "Workspaces",
    summary: "What to paste into your identity provider",
    description: `This service as a SAML service provider (entity ID, ACS URL, metadata URL) and as an OpenID client (redirect URI). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    responses: [{ status: 200, description: "The URLs.", schema: serviceProviderInfoOutput, headers: { "Cache-Control": "`no-store`" } }, refused({}), forbidden(), noWorkspace()],
  }),
  route({
    method: "POST",
    path: "/api/tenants/me/sso/providers/{providerId}/test",
    handler: call((caller) => caller.workspaceSso.startTest, { auth: "sessionOrKey", guard: knownShape, input: providerId, noStore: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Test a connection",
    description: `Answers the identity provider's sign-in URL in test mode (SAML or OpenID): open it in the browser; the assertion, or the OpenID code and ID token, that comes back is checked fully, nobody is signed in and nothing but the report is written, and the browser returns to \`/settings/sso\`. The report: \`GET …/test\`. ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: providerParam,
    responses: [
      { status: 200, description: "Where to send the browser.", schema: testStartOutput, headers: { "Cache-Control": "`no-store`" } },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      crossOrigin({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
      { status: 409, description: "A disabled provider (`SSO_TEST_UNAVAILABLE`)." },
    ],
  }),
  route({
    method: "GET",
    path: "/api/tenants/me/sso/providers/{providerId}/test",
    handler: call((caller) => caller.workspaceSso.testReport, { auth: "sessionOrKey", guard: knownShape, input: providerId, noStore: true }),
    tag: "Workspaces",
    summary: "The last connection test's report",
    description: `Your own last test of this provider: whether the assertion was accepted, the subject, the email and the attributes it carried, or why it was refused; \`report: null\` before any. ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: providerParam,
    responses: [
      { status: 200, description: "The report.", schema: testReportOutput, headers: { "Cache-Control": "`no-store`" } },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/tenants/me/sso/rule",
    handler: call((caller) => caller.workspaceSso.rule, { auth: "sessionOrKey", noStore: true }),
    tag: "Workspaces",
    summary: "Whether your workspace requires single sign-on",
    description: `${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    responses: [
      { status: 200, description: "The rule.", schema: ssoRuleOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "off", summary: "Not required", body: { required: false }, exact: true, request: { as: "owner" } }] },
      refused({}),
      forbidden(),
      noWorkspace(),
    ],
  }),
  route({
    method: "PUT",
    path: "/api/tenants/me/sso/rule",
    handler: call((caller) => caller.workspaceSso.setRule, { auth: "sessionOrKey", body: true, noStore: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Require single sign-on",
    description:
      "`required: true`: a person whose email is on a verified domain of the workspace then enters it only with a session signed in through one of the workspace's providers; other sessions get 403 `SSO_REQUIRED`. " +
      "Owners are exempt (break-glass, ADR 086), and keys are not sessions. Turning it on needs a provider and a verified domain (409 `SSO_RULE_NOT_READY`). " +
      `Recorded in the audit log (\`workspace.sso_rule_changed\`). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: ssoRuleInput,
    responses: [
      { status: 200, description: "The rule.", schema: ssoRuleOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "off", summary: "Turned off", body: { required: false }, request: { as: "owner", json: { required: false } } }] },
      refused({ json: { required: false } }),
      forbidden({ json: { required: false } }),
      crossOrigin({ json: { required: false } }),
      noWorkspace({ json: { required: false } }),
      {
        status: 409,
        description: "No provider or no verified domain yet: `SSO_RULE_NOT_READY`.",
        examples: [
          {
            name: "not-ready",
            summary: "No provider yet",
            body: { message: "Add an identity provider and verify at least one email domain before requiring single sign-on.", code: "SSO_RULE_NOT_READY" },
            request: { as: "owner", json: { required: true } },
          },
        ],
      },
    ],
  }),
  route({
    method: "PUT",
    path: "/auth/v1/admin/workspaces/{tenantId}/sso-rule",
    handler: call((caller) => caller.workspaceSso.adminSetRule, {
      body: (ctx) => readJsonObject(ctx.request),
      guard: bearerToken,
      input: (ctx, body) => ({ serviceKey: bearerToken(ctx), tenantId: pathParam(ctx, "tenantId"), required: body.required as boolean }),
      noStore: true,
    }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Set a workspace's single sign-on rule (admin)",
    description:
      "Break-glass (ADR 086): the service administrator turns a workspace's \"require single sign-on\" off (or on) with `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`), e.g. while the company's identity provider is down. Recorded in the workspace's audit log. Errors are GoTrue's `{ code, error_code, msg }`.",
    auth: ["identityToken"],
    pathParam: { name: "tenantId", description: "The workspace's id." },
    jsonBody: ssoRuleInput,
    responses: [
      { status: 200, description: "The rule.", schema: ssoRuleOutput, headers: { "Cache-Control": "`no-store`" } },
      ...refusals({ tenantId: UNKNOWN }, { required: false }),
      { status: 404, description: "No workspace of this id." },
    ],
  }),
];
