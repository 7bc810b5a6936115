import { checkSlugInput, createTenantInput, SLUG_CHECK, logoUploadOutput, slugCheckOutput, tenantOutput, updateTenantInput } from "../../server/tenants";
import { TWO_STEP_REQUIRED_MESSAGE, twoStepRuleInput, twoStepRuleOutput } from "../../server/members";
import { messageErrorBody } from "../../server/platform/error-bodies";
import { type ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { crossOrigin, imageUploadRefusals, invalidJson, noSession, noWorkspace, noWorkspaceExample } from "../openapi/common-responses";
import { call } from "../bind";
import { uploadLogo } from "./tenants";

const TENANT = {
  id: "3f1c2a9e-4b7d-4e1a-9c3b-8d2e5f6a7b8c",
  name: "Acme",
  slug: "acme-labs",
  ownerId: "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f",
  isPersonal: false,
  referralCode: "K7M2Q9XA",
  slugChosen: false,
  logoUrl: null,
  createdAt: "2026-01-05T09:30:00.000Z",
  updatedAt: "2026-01-05T09:30:00.000Z",
};
const LOGO_URL = `http://localhost:3000/storage/v1/object/public/avatars/tenant/${TENANT.id}/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.png`;

const reserved = (slug: string) => ({ message: `"${slug}" is reserved. Please choose a different workspace URL.`, code: "SLUG_RESERVED" });

/** The logo upload answers alike on POST and PUT. */
function logoUploadDoc(method: "POST" | "PUT"): Route {
  const uploadErrors: ResponseDoc = {
    status: 400,
    description: "No `file` part, a file over 2 MB, or bytes that are not a JPEG, PNG, WebP or GIF (the declared type is ignored).",
    examples: imageUploadRefusals(),
  };
  return route({
    method,
    path: "/api/tenants/me/logo",
    handler: uploadLogo,
    sessionCookie: true,
    tag: "Workspaces",
    summary: `Upload the workspace logo (${method})`,
    description:
      "Replaces the logo of the workspace you own. `multipart/form-data` with one part named `file`, at most 2 MB, JPEG, PNG, WebP or GIF " +
      "recognised by its leading bytes. The image is re-encoded and stored in public storage; the previous logo is removed. POST and PUT do the same.",
    auth: ["session"],
    multipartFile: { field: "file", description: "The image, at most 2 MB." },
    responses: [
      { status: 200, description: "The new logo's public URL and the updated workspace.", schema: logoUploadOutput, examples: [{ name: "uploaded", summary: "A PNG", body: { logoUrl: LOGO_URL, tenant: { ...TENANT, logoUrl: LOGO_URL } }, request: { as: "owner", file: "png" } }] },
      uploadErrors,
      noSession({ file: "png" }),
      crossOrigin({ file: "png" }),
      { status: 404, description: "You own no workspace.", examples: [noWorkspaceExample({ file: "png" })] },
    ],
  });
}

export const tenantOperations: Route[] = [
  route({
    method: "POST",
    path: "/api/tenants",
    handler: call((caller) => caller.tenants.create, { auth: "session", body: true, status: 201 }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Create your workspace",
    description:
      "Creates the workspace you own and makes you its owner. The slug (the workspace URL) is trimmed and lowercased, 2-20 characters of " +
      "lowercase letters, digits and single hyphens, with no hyphen at either end, and not a reserved word. One workspace per person; " +
      "creations are rate limited per person (`TENANT_CREATE_RATE_LIMIT`).",
    auth: ["session"],
    jsonBody: createTenantInput,
    fieldNotes: { name: "trimmed; no control characters", slug: "2-20 characters: lowercase letters, digits and single hyphens, no hyphen at either end, not a reserved word; trimmed and lowercased first" },
    responses: [
      { status: 201, description: "The new workspace.", schema: tenantOutput, examples: [{ name: "created", summary: "A new workspace", body: TENANT, request: { as: "newcomer", json: { name: "Acme", slug: "acme-labs" } } }] },
      {
        status: 400,
        description: "The name or slug is invalid, or the slug is reserved.",
        examples: [
          { name: "invalid-slug", summary: "A slug with an underscore", body: { message: "Invalid name or slug" }, request: { as: "newcomer", json: { name: "Acme", slug: "acme_labs" } } },
          { name: "missing-name", summary: "No name", body: { message: "Invalid name or slug" }, request: { as: "newcomer", json: { slug: "acme-labs" } } },
          { name: "reserved-slug", summary: "A reserved slug", body: reserved("dashboard"), request: { as: "newcomer", json: { name: "Acme", slug: "dashboard" } } },
          invalidJson("newcomer"),
        ],
      },
      noSession({ json: { name: "Acme", slug: "acme-labs" } }),
      {
        ...crossOrigin({ json: { name: "Acme", slug: "acme-labs" } }),
        description:
          "A write from another site's page, or an anonymous sign-in's account (`ANONYMOUS_SIGN_IN`): `{ message: 'Create an account to create a workspace', code: 'ANONYMOUS_ACCOUNT' }`, beside SPEC's table (ADR 062).",
      },
      {
        status: 409,
        description: "You already own a workspace, or another workspace has this slug.",
        examples: [
          { name: "already-have-one", summary: "You already own a workspace", body: { message: "You already have a workspace" }, request: { as: "owner", json: { name: "Second", slug: "second-one" } } },
          { name: "slug-taken", summary: "Another workspace has this slug", body: { message: "This workspace URL is already taken" }, request: { as: "newcomer", json: { name: "Acme", slug: "acme" } } },
        ],
      },
      { status: 413, description: "The body is over 64 KB.", examples: [{ name: "too-large", summary: "A 100 KB body", body: { message: "Request body too large" }, request: { as: "newcomer", raw: `{"name":"${"a".repeat(100_000)}"}` } }] },
      { status: 429, description: "Too many workspace creations by this person in the window; `Retry-After` says when to try again.", schema: messageErrorBody, headers: { "Retry-After": "Seconds until a new attempt may succeed." } },
    ],
  }),
  route({
    method: "GET",
    path: "/api/tenants/check-slug",
    handler: call((caller) => caller.tenants.checkSlug, { input: (ctx) => ({ slug: ctx.url.searchParams.get("slug") ?? undefined }), status: (result) => (result.available ? 200 : SLUG_CHECK[result.code].status), noStore: true }),
    tag: "Workspaces",
    summary: "Check whether a workspace URL is free",
    description: "The slug is trimmed and lowercased first. Your own workspace's slug never counts as taken. Never cached.",
    auth: ["session"],
    query: checkSlugInput,
    responses: [
      {
        status: 200,
        description: "Whether the slug is free; `code: SLUG_TAKEN` when another workspace has it.",
        schema: slugCheckOutput,
        examples: [
          { name: "available", summary: "A free slug", body: { available: true }, exact: true, request: { as: "newcomer", query: { slug: "fresh-name" } } },
          { name: "taken", summary: "Another workspace's slug", body: { available: false, code: "SLUG_TAKEN" }, exact: true, request: { as: "newcomer", query: { slug: "ACME " } } },
        ],
      },
      {
        status: 400,
        description: "The slug fails the format, or is reserved.",
        schema: slugCheckOutput,
        examples: [
          { name: "invalid", summary: "Too short", body: { available: false, code: "INVALID_SLUG", error: "Slug must be 2-20 characters, lowercase alphanumeric and hyphens" }, request: { as: "newcomer", query: { slug: "a" } } },
          { name: "missing", summary: "No slug parameter", body: { available: false, code: "INVALID_SLUG", error: "Slug must be 2-20 characters, lowercase alphanumeric and hyphens" }, request: { as: "newcomer" } },
          { name: "reserved", summary: "A reserved word", body: { available: false, code: "SLUG_RESERVED", error: `"api" is reserved. Please choose a different workspace URL.` }, request: { as: "newcomer", query: { slug: "api" } } },
        ],
      },
      noSession({ query: { slug: "acme" } }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/tenants/me",
    handler: call((caller) => caller.tenants.me, {}),
    tag: "Workspaces",
    summary: "Your workspace",
    description: "The workspace you own (a workspace you only joined as a member is not returned here; see `GET /api/tenants/me/members` for your role).",
    auth: ["session"],
    responses: [
      { status: 200, description: "The workspace row.", schema: tenantOutput, examples: [{ name: "workspace", summary: "Your workspace", body: TENANT, request: { as: "owner" } }] },
      noSession(),
      { status: 404, description: "You own no workspace.", examples: [noWorkspaceExample()] },
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/tenants/me",
    handler: call((caller) => caller.tenants.update, { auth: "session", body: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Rename your workspace, set its URL once, or remove its logo",
    description:
      "Any of `name` (1-100 characters), `slug` (only while it has not been chosen: the first change fixes it) and `clearLogo: true`; " +
      "at least one is required.",
    auth: ["session"],
    jsonBody: updateTenantInput,
    fieldNotes: { name: "trimmed; no control characters", slug: "2-20 characters: lowercase letters, digits and single hyphens, no hyphen at either end, not a reserved word; trimmed and lowercased first; only while not yet chosen", clearLogo: "`true` removes the logo" },
    responses: [
      { status: 200, description: "The updated workspace.", schema: tenantOutput, examples: [{ name: "renamed", summary: "A new name", body: { ...TENANT, name: "Acme Research" }, request: { as: "owner", json: { name: "Acme Research" } } }] },
      {
        status: 400,
        description: "A field is invalid, nothing would change, or the URL was already chosen.",
        examples: [
          { name: "bad-name", summary: "An empty name", body: { message: "Workspace name must be 1-100 characters" }, request: { as: "owner", json: { name: "  " } } },
          { name: "bad-slug", summary: "A slug with a leading hyphen", body: { message: "Slug must be 2-20 characters, lowercase alphanumeric and hyphens" }, request: { as: "owner", json: { slug: "-acme" } } },
          { name: "no-changes", summary: "An empty object", body: { message: "No changes" }, request: { as: "owner", json: {} } },
          { name: "slug-chosen", summary: "The URL was already chosen", body: { message: "Workspace URL cannot be changed after creation" }, request: { as: "admin", json: { slug: "acme-two" } } },
          invalidJson("owner"),
        ],
      },
      noSession({ json: { name: "Acme Research" } }),
      crossOrigin({ json: { name: "Acme Research" } }),
      { status: 404, description: "You own no workspace.", examples: [noWorkspaceExample({ json: { name: "Acme Research" } })] },
      { status: 409, description: "Another workspace has this slug.", examples: [{ name: "slug-taken", summary: "Another workspace's slug", body: { message: "This workspace URL is already taken" }, request: { as: "owner", json: { slug: "acme" } } }] },
    ],
  }),
  logoUploadDoc("POST"),
  logoUploadDoc("PUT"),
  route({
    method: "GET",
    path: "/api/tenants/me/two-step-rule",
    // The workspace's two-step rule (ADR 049): the owner's, through the session only.
    handler: call((caller) => caller.tenants.twoStepRule, { auth: "session", noStore: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Whether the workspace requires two-step sign-in",
    description:
      "The owner's setting for the current workspace (docs/decisions/049). When on, a session whose person has not passed two-step sign-in is refused by every " +
      `workspace page and path with 403 and \`code: "TWO_STEP_REQUIRED"\` (\`${TWO_STEP_REQUIRED_MESSAGE}\`); \`svc_sk_\` keys and OAuth grants are not sessions and keep working.`,
    auth: ["session"],
    responses: [
      { status: 200, description: "The rule.", schema: twoStepRuleOutput, examples: [{ name: "off", summary: "Not required", body: { required: false }, request: { as: "owner" } }] },
      noSession(),
      { status: 403, description: "Only the owner reads and sets the rule.", examples: [{ name: "not-owner", summary: "A viewer", body: { message: "Only the workspace owner can change the workspace" }, request: { as: "viewer" } }] },
      noWorkspace(),
    ],
  }),
  route({
    method: "PUT",
    path: "/api/tenants/me/two-step-rule",
    handler: call((caller) => caller.tenants.setTwoStepRule, { auth: "session", body: true }),
    sessionCookie: true,
    tag: "Workspaces",
    summary: "Require two-step sign-in for the workspace, or stop requiring it",
    description:
      "`{ \"required\": true }` turns the rule on (your own session must have passed two-step sign-in first, or the rule would lock you out), `false` turns it off.",
    auth: ["session"],
    jsonBody: twoStepRuleInput,
    fieldNotes: { required: "`true` or `false`; nothing else is accepted" },
    responses: [
      { status: 200, description: "The rule as saved.", schema: twoStepRuleOutput, examples: [{ name: "off", summary: "Turned off", body: { required: false }, request: { as: "owner", json: { required: false } } }] },
      {
        status: 400,
        description: "Not `{ required: boolean }`.",
        examples: [
          { name: "not-boolean", summary: "A string", body: { message: "required must be true or false" }, request: { as: "owner", json: { required: "yes" } } },
          { name: "extra-field", summary: "Another field", body: { message: "Only required may be set" }, request: { as: "owner", json: { required: false, owner: "me" } } },
          invalidJson("owner"),
        ],
      },
      noSession({ json: { required: false } }),
      crossOrigin({ json: { required: false } }),
      { status: 403, description: "Only the owner sets the rule.", examples: [{ name: "not-owner", summary: "A viewer", body: { message: "Only the workspace owner can change the workspace" }, request: { as: "viewer", json: { required: false } } }] },
      noWorkspace({ json: { required: false } }),
      {
        status: 409,
        description: "Your own session has not passed two-step sign-in.",
        examples: [
          {
            name: "owner-without-two-step",
            summary: "The owner has no authenticator app",
            body: { message: "Set up two-step sign-in for your own account first (profile page): the rule would lock you out too.", code: "TWO_STEP_NOT_SET_UP" },
            request: { as: "owner", json: { required: true } },
          },
        ],
      },
    ],
  }),
];
