import { adminDomainListOutput, adminDomainOutput, claimDomainBody, workspaceDomainListOutput, workspaceDomainOutput } from "../../server/workspace-domains";
import { AUTH_DESCRIPTION, crossOrigin, invalidJson, noWorkspace, noWorkspaceExample, ownerOnly, refused } from "../openapi/common-responses";
import type { ResponseDoc, ReplayRequest } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call, pathParam } from "../bind";
import { workspaceList } from "./workspace-list";
import { bearerToken } from "./identity-provider";
import { refusals } from "./identity-admin-security.operations";
import { AppError } from "../../server/platform/errors";
import { isUuidText } from "../../server/platform/db/uuid-text";
import type { RequestContext } from "../request-context";

/** A path id that is not a UUID names no claim: 404, as an unknown one (not the schema's 400). */
function knownShape(ctx: RequestContext): void {
  if (!isUuidText(pathParam(ctx, "domainId").toLowerCase())) throw new AppError("NOT_FOUND", "Domain not found");
}

/** A workspace's email domains, proved by a DNS TXT record (issue 32 item 3, ADR 081). */
const DOMAIN = {
  id: "3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b",
  domain: "example.com",
  txtRecordName: "_svc-verification.example.com",
  txtRecordValue: "svc-verification=Qm9ZpT4s1hX0bN3kR7wVdE2yL8cU6aJf",
  verifiedAt: null,
  verifiedBy: null,
  createdAt: "2026-01-07T08:00:00.000Z",
};
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const PERMISSIONS = "The workspace owner only (members and viewers get 403): single sign-on trusts a workspace's verified domains.";
const PROOF =
  "The owner publishes a TXT record named `txtRecordName` holding `txtRecordValue` exactly, then asks for verification; the service looks it up through the resolvers `DNS_SERVERS` names. " +
  "A domain is verified for one workspace at a time; several workspaces may claim it unverified.";
const domainParam = { name: "domainId", description: "The claim's `id`, as listed." };

const forbidden = (request: Omit<ReplayRequest, "as">): ResponseDoc => ownerOnly("Only the workspace owner can manage domains", request);
const notFound = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 404,
  description: "No claim of this id in your workspace (another workspace's claims included), or you belong to no workspace.",
  examples: [
    { name: "unknown", summary: "An id that names no claim of yours", body: { message: "Domain not found" }, request: { as: "owner", ...request } },
    noWorkspaceExample(request),
  ],
});

const badDomain: ResponseDoc = {
  status: 400,
  description:
    "A domain refused before anything is written: not a domain name, an IP address, a single label (a top-level domain alone, such as `com`), control characters or spaces, more than 253 characters; or a body that is not JSON.",
  examples: [
    { name: "top-level-domain", summary: "A top-level domain alone", body: { message: "Domain must have at least two labels, such as example.com: a top-level domain alone cannot be claimed" }, request: { as: "owner", json: { domain: "com" } } },
    { name: "ip-address", summary: "An IP address", body: { message: "Domain must be a name, not an IP address" }, request: { as: "owner", json: { domain: "192.0.2.1" } } },
    { name: "control", summary: "A NUL in the name", body: { message: "Domain must not contain control characters or spaces" }, request: { as: "owner", json: { domain: "example\u0000.com" } } },
    invalidJson("owner"),
  ],
};

export const workspaceDomainOperations: Route[] = [
  workspaceList({
    path: "/api/tenants/me/domains",
    tag: "Workspaces",
    summary: "Email domains of your workspace",
    description: `Every domain the workspace claimed, verified or not, with the TXT record that proves it. ${PERMISSIONS}`,
    procedure: (caller) => caller.workspaceDomains.list,
    field: "domains",
    ok: { status: 200, description: "The claims.", schema: workspaceDomainListOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "none", summary: "No domain claimed yet", body: { domains: [] }, exact: true, request: { as: "owner" } }] },
    refusals: [forbidden({})],
  }),
  route({
    method: "POST",
    path: "/api/tenants/me/domains",
    handler: call((caller) => caller.workspaceDomains.claim, { auth: "sessionOrKey", body: true, status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Claim an email domain",
    description: `\`domain\` is kept lower-case, without a trailing dot, an internationalised name as punycode. ${PROOF} Recorded in the audit log (\`domain.claimed\`). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: claimDomainBody,
    responses: [
      {
        status: 201,
        description: "The claim, unverified, with the record to publish.",
        schema: workspaceDomainOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [{ name: "claimed", summary: "A domain claimed", body: DOMAIN, request: { as: "owner", json: { domain: "Example.COM." } } }],
      },
      badDomain,
      refused({ json: { domain: "example.com" } }),
      forbidden({ json: { domain: "example.com" } }),
      crossOrigin({ json: { domain: "example.com" } }),
      noWorkspace({ json: { domain: "example.com" } }),
      { status: 409, description: "The workspace has already claimed this domain: `DOMAIN_ALREADY_CLAIMED`." },
    ],
  }),
  route({
    method: "POST",
    path: "/api/tenants/me/domains/{domainId}/verify",
    handler: call((caller) => caller.workspaceDomains.verify, { auth: "sessionOrKey", guard: knownShape, input: (ctx) => ({ domainId: pathParam(ctx, "domainId") }), noStore: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Verify a claimed domain",
    description: `Looks up the TXT record \`_svc-verification.<domain>\` and verifies the claim when one of its values is \`txtRecordValue\` exactly. A verified claim answers as it is. Recorded in the audit log (\`domain.verified\`). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: domainParam,
    responses: [
      { status: 200, description: "The claim, verified.", schema: workspaceDomainOutput, headers: { "Cache-Control": "`no-store`" } },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      crossOrigin({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
      { status: 409, description: "Another workspace holds this domain verified (`DOMAIN_VERIFIED_ELSEWHERE`): it must remove it first. Nothing is changed." },
      {
        status: 422,
        description:
          "The record is absent or holds other values (`DOMAIN_RECORD_MISSING`): the message says what was expected and what was found, and the body carries both (`expected: { name, value }`, `found: [...]`). Nothing is changed.",
      },
      { status: 502, description: "The DNS resolvers did not answer in time (`DNS_LOOKUP_FAILED`). Nothing is changed; try again." },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/tenants/me/domains/{domainId}",
    handler: call((caller) => caller.workspaceDomains.remove, { auth: "sessionOrKey", guard: knownShape, input: (ctx) => ({ domainId: pathParam(ctx, "domainId") }), empty: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Remove a claimed domain",
    description: `The claim goes, verified or not; a domain it held verified is free for another workspace to verify. Recorded in the audit log (\`domain.removed\`). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: domainParam,
    responses: [
      { status: 204, description: "Removed." },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      crossOrigin({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/workspace-domains",
    handler: call((caller) => caller.workspaceDomains.adminList, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), domain: ctx.url.searchParams.get("domain") ?? undefined }), noStore: true }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Every workspace's email domains (admin)",
    description:
      "The service administrator's view of the claims of every workspace (`Authorization: Bearer <service-role key>`, `SERVICE_ROLE_KEY`), with each claim's `tenantId`; `?domain=example.com` for the claims of one domain. At most 1000. Errors are GoTrue's `{ code, error_code, msg }`.",
    auth: ["identityToken"],
    responses: [
      { status: 200, description: "The claims.", schema: adminDomainListOutput, headers: { "Cache-Control": "`no-store`" } },
      { status: 400, description: "`domain` that is no domain name: `bad_request` with the sentence that says why." },
      ...refusals(),
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/admin/workspace-domains/{domainId}/verify",
    handler: call((caller) => caller.workspaceDomains.adminVerify, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), domainId: pathParam(ctx, "domainId") }), noStore: true }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Mark a workspace's domain verified (admin)",
    description:
      "The service administrator vouches for a claim without DNS (`verifiedBy: \"admin\"`), with `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`); recorded in the claim's workspace audit log (`domain.verified`, the actor `system`). A domain is still verified for one workspace at a time. Errors are GoTrue's `{ code, error_code, msg }`.",
    auth: ["identityToken"],
    pathParam: domainParam,
    responses: [
      { status: 200, description: "The claim, verified.", schema: adminDomainOutput, headers: { "Cache-Control": "`no-store`" } },
      ...refusals({ domainId: UNKNOWN }),
      { status: 404, description: "No claim of this id: `not_found` `Domain not found`." },
      { status: 409, description: "Another workspace holds this domain verified: `conflict`; nothing is changed." },
    ],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/admin/workspace-domains/{domainId}",
    handler: call((caller) => caller.workspaceDomains.adminRemove, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), domainId: pathParam(ctx, "domainId") }), answer: () => ({}) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Remove a workspace's domain (admin)",
    description:
      "The service administrator removes any workspace's claim, verified or not (`Authorization: Bearer <service-role key>`, `SERVICE_ROLE_KEY`): how a domain that changed hands is freed for the workspace of its new owner (ADR 081). Recorded in the claim's workspace audit log (`domain.removed`). Errors are GoTrue's `{ code, error_code, msg }`.",
    auth: ["identityToken"],
    pathParam: domainParam,
    responses: [{ status: 200, description: "Removed: `{}`." }, ...refusals({ domainId: UNKNOWN }), { status: 404, description: "No claim of this id: `not_found` `Domain not found`." }],
  }),
];
