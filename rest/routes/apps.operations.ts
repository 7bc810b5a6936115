import { bindBody, bindingListOutput, bindingOutput } from "../../server/connections";
import { allowedOriginsBody, allowedOriginsOutput, appListOutput, appOutput, createAppInput, envVarListOutput, renameAppInput, setEnvValueBody } from "../../server/apps";
import { z } from "zod";
import { AUTH_DESCRIPTION, crossOrigin, invalidJson, noWorkspaceExample, refused } from "../openapi/common-responses";
import type { ReplayRequest, ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { workspaceList } from "./workspace-list";
import { AppError } from "../../server/platform/errors";
import { call, pathParam } from "../bind";
import { bind } from "./apps";

/** The app's connection to one provider: the binding, or 404. */
function boundTo<C extends { provider: string }>(connections: C[], provider: string): C {
  const bound = connections.find((connection) => connection.provider === provider);
  if (!bound) throw new AppError("NOT_FOUND", "Binding not found");
  return bound;
}

const APP = {
  id: "2e1d0c9b-8a7f-4e6d-9c5b-4a3f2e1d0c9b",
  tenantId: "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
  name: "docs-app",
  kind: "app",
  createdBy: "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f",
  createdAt: "2026-01-07T08:00:00.000Z",
};
const UNKNOWN_APP = "00000000-0000-4000-8000-000000000000";
const PERMISSIONS =
  "The same rules as the dashboard: every member reads; members and the owner manage; viewers see variable names, never values.";

const appParam = { name: "appId", description: "The app's id." };
const providerParam = { name: "provider", description: "The catalog slug of the provider, e.g. `github`." };
const BINDING_RULES = "Members and the owner bind and unbind; everyone reads.";
const keyParam = { name: "key", description: "The variable's name: a letter or underscore, then letters, digits and underscores (at most 128)." };

const noApp = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 404,
  description: "No app of this id in your workspace, or you belong to no workspace.",
  examples: [
    { name: "unknown-app", summary: "An id that names no app of yours", body: { message: "App not found" }, request: { as: "owner", param: UNKNOWN_APP, ...request } },
    noWorkspaceExample({ param: UNKNOWN_APP, ...request }),
  ],
});

export const appOperations: Route[] = [
  workspaceList({
    path: "/api/apps",
    tag: "Apps",
    summary: "Apps of your workspace",
    description: "The apps of your current workspace.",
    procedure: (caller) => caller.apps.list,
    field: "apps",
    ok: { status: 200, description: "The apps.", schema: appListOutput, examples: [{ name: "list", summary: "One app", body: { apps: [APP] }, request: { as: "owner", setup: "app" } }] },
  }),
  route({
    method: "POST",
    path: "/api/apps",
    handler: call((caller) => caller.apps.create, { auth: "sessionOrKey", body: true, status: 201 }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Create an app",
    description: `Members and the owner. \`name\`: 1-100 characters. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: createAppInput,
    responses: [
      { status: 201, description: "The new app.", schema: appOutput, examples: [{ name: "created", summary: "A new app", body: APP, request: { as: "owner", json: { name: "docs-app" } } }] },
      {
        status: 400,
        description: "A name that is empty or too long, or a body that is not JSON.",
        examples: [
          { name: "no-name", summary: "An empty name", body: { message: "App name must be 1-100 characters" }, request: { as: "owner", json: { name: "" } } },
          invalidJson("owner"),
        ],
      },
      refused({ json: { name: "docs-app" } }),
      crossOrigin({ json: { name: "docs-app" } }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/apps/{appId}",
    handler: call((caller) => caller.apps.get, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId") }), noStore: true }),
    tag: "Apps",
    summary: "One app",
    description: AUTH_DESCRIPTION,
    auth: ["session", "appKey"],
    pathParam: appParam,
    responses: [
      { status: 200, description: "The app.", schema: appOutput, examples: [{ name: "app", summary: "An app of yours", body: APP, request: { as: "owner", setup: "app", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN_APP }),
      noApp({}),
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/apps/{appId}",
    handler: call((caller) => caller.apps.rename, { auth: "sessionOrKey", body: true, input: (ctx) => ({ appId: pathParam(ctx, "appId") }) }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Rename an app",
    description: `Members and the owner. \`name\`: 1-100 characters. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: { ...appParam, bodyField: "appId" },
    jsonBody: renameAppInput,
    responses: [
      { status: 200, description: "The renamed app.", schema: appOutput, examples: [{ name: "renamed", summary: "A new name", body: { ...APP, name: "Reports" }, request: { as: "owner", setup: "app", param: "{{setup}}", json: { name: "Reports" } } }] },
      refused({ param: UNKNOWN_APP, json: { name: "Reports" } }),
      crossOrigin({ param: UNKNOWN_APP, json: { name: "Reports" } }),
      noApp({ json: { name: "Reports" } }),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/apps/{appId}",
    // The typed confirmation travels as `?confirmName=`: a DELETE body is not something every client sends.
    handler: call((caller) => caller.apps.remove, { auth: "sessionOrKey", client: (ctx) => ({ confirmName: ctx.url.searchParams.get("confirmName") }), input: (ctx) => ({ appId: pathParam(ctx, "appId") }), empty: true }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Delete an app",
    description: `Members and the owner. \`?confirmName=\` must be the app's name, exactly. Its keys are revoked, its variables and bindings removed. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: appParam,
    query: z.object({ confirmName: z.string().describe("The app's name, exactly: the typed confirmation.") }),
    responses: [
      { status: 204, description: "Deleted.", examples: [{ name: "deleted", summary: "With its name typed", request: { as: "owner", setup: "app", param: "{{setup}}", query: { confirmName: "docs-app" } } }] },
      { status: 400, description: "The confirmation is not the app's name.", examples: [{ name: "wrong-name", summary: "Another name", body: { message: "Type the app's name to confirm" }, request: { as: "owner", setup: "app", param: "{{setup}}", query: { confirmName: "other" } } }] },
      refused({ param: UNKNOWN_APP, query: { confirmName: "docs-app" } }),
      crossOrigin({ param: UNKNOWN_APP, query: { confirmName: "docs-app" } }),
      noApp({ query: { confirmName: "docs-app" } }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/apps/{appId}/origins",
    handler: call((caller) => caller.connections.forApp, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId") }), answer: ({ allowedOrigins }) => ({ allowedOrigins }), noStore: true }),
    tag: "Apps",
    summary: "An app's allowed origins",
    description: `The origins whose pages may open the connection popup for this app (SPEC 6). ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: appParam,
    responses: [
      { status: 200, description: "The origins.", schema: allowedOriginsOutput, examples: [{ name: "origins", summary: "None yet", body: { allowedOrigins: [] }, exact: true, request: { as: "owner", setup: "app", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN_APP }),
      noApp({}),
    ],
  }),
  route({
    method: "PUT",
    path: "/api/apps/{appId}/origins",
    handler: call((caller) => caller.connections.setAllowedOrigins, { auth: "sessionOrKey", body: true, input: (ctx) => ({ appId: pathParam(ctx, "appId") }) }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Replace an app's allowed origins",
    description: `Members and the owner. \`origins\`: exact origins (scheme, host and port), at most 20; the answer is the stored list. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: { ...appParam, bodyField: "appId" },
    jsonBody: allowedOriginsBody,
    responses: [
      {
        status: 200,
        description: "The stored origins.",
        schema: allowedOriginsOutput,
        examples: [{ name: "set", summary: "One origin", body: { allowedOrigins: ["https://app.example.com"] }, exact: true, request: { as: "owner", setup: "app", param: "{{setup}}", json: { origins: ["https://app.example.com"] } } }],
      },
      refused({ param: UNKNOWN_APP, json: { origins: [] } }),
      crossOrigin({ param: UNKNOWN_APP, json: { origins: [] } }),
      noApp({ json: { origins: [] } }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/apps/{appId}/env",
    handler: call((caller) => caller.apps.env, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId") }), answer: (variables) => ({ variables }), noStore: true }),
    tag: "Apps",
    summary: "An app's variables",
    description: `${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: appParam,
    responses: [
      { status: 200, description: "The variables, by name.", schema: envVarListOutput, examples: [{ name: "none", summary: "No variables yet", body: { variables: [] }, exact: true, request: { as: "owner", setup: "app", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN_APP }),
      noApp({}),
    ],
  }),
  route({
    method: "PUT",
    path: "/api/apps/{appId}/env/{key}",
    handler: call((caller) => caller.apps.setEnv, { auth: "sessionOrKey", body: true, input: (ctx) => ({ appId: pathParam(ctx, "appId"), key: pathParam(ctx, "key") }), empty: true }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Set a variable",
    description: `Members and the owner. Creates or replaces the variable; \`value\` at most 32 KB. Variables a connection wrote cannot be set here. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [appParam, keyParam],
    jsonBody: setEnvValueBody,
    responses: [
      { status: 204, description: "Set.", examples: [{ name: "set", summary: "A new variable", request: { as: "owner", setup: "app", params: { appId: "{{setup}}", key: "API_URL" }, json: { value: "https://api.example.com" } } }] },
      {
        status: 400,
        description: "A name or value the rules refuse, or a body that is not JSON.",
        examples: [
          { name: "bad-key", summary: "A name with a hyphen", body: { message: "Variable names must start with a letter or underscore and use only letters, digits and underscores (at most 128)" }, request: { as: "owner", setup: "app", params: { appId: "{{setup}}", key: "API-URL" }, json: { value: "x" } } },
        ],
      },
      refused({ params: { appId: UNKNOWN_APP, key: "API_URL" }, json: { value: "x" } }),
      crossOrigin({ params: { appId: UNKNOWN_APP, key: "API_URL" }, json: { value: "x" } }),
      {
        status: 404,
        description: "No app of this id in your workspace.",
        examples: [{ name: "unknown-app", summary: "An id that names no app of yours", body: { message: "App not found" }, request: { as: "owner", params: { appId: UNKNOWN_APP, key: "API_URL" }, json: { value: "x" } } }],
      },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/apps/{appId}/env/{key}",
    handler: call((caller) => caller.apps.deleteEnv, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId"), key: pathParam(ctx, "key") }), empty: true }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Delete a variable",
    description: `Members and the owner. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [appParam, keyParam],
    responses: [
      { status: 204, description: "Deleted (or there was no such variable).", examples: [{ name: "deleted", summary: "A variable", request: { as: "owner", setup: "app", params: { appId: "{{setup}}", key: "API_URL" } } }] },
      refused({ params: { appId: UNKNOWN_APP, key: "API_URL" } }),
      crossOrigin({ params: { appId: UNKNOWN_APP, key: "API_URL" } }),
      {
        status: 404,
        description: "No app of this id in your workspace.",
        examples: [{ name: "unknown-app", summary: "An id that names no app of yours", body: { message: "App not found" }, request: { as: "owner", params: { appId: UNKNOWN_APP, key: "API_URL" } } }],
      },
    ],
  }),
  route({
    method: "GET",
    path: "/api/apps/{appId}/bindings",
    handler: call((caller) => caller.connections.forApp, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId") }), answer: ({ connections }) => ({ bindings: connections }), noStore: true }),
    tag: "Apps",
    summary: "An app's bound connections",
    description: `One connection per provider; its deployed tool uses them through the provider proxy. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: appParam,
    responses: [
      { status: 200, description: "The bindings.", schema: bindingListOutput, examples: [{ name: "none", summary: "Nothing bound yet", body: { bindings: [] }, exact: true, request: { as: "owner", setup: "app", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN_APP }),
      noApp({}),
    ],
  }),
  route({
    method: "GET",
    path: "/api/apps/{appId}/bindings/{provider}",
    handler: call((caller) => caller.connections.forApp, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId") }), answer: ({ connections }, ctx) => boundTo(connections, pathParam(ctx, "provider")), noStore: true }),
    tag: "Apps",
    summary: "The connection bound to an app for a provider",
    description: AUTH_DESCRIPTION,
    auth: ["session", "appKey"],
    pathParams: [appParam, providerParam],
    responses: [
      {
        status: 200,
        description: "The binding.",
        schema: bindingOutput,
      },
      refused({ params: { appId: UNKNOWN_APP, provider: "github" } }),
      {
        status: 404,
        description: "No app of this id in your workspace, or nothing bound for this provider.",
        examples: [
          { name: "unknown-app", summary: "An id that names no app of yours", body: { message: "App not found" }, request: { as: "owner", params: { appId: UNKNOWN_APP, provider: "github" } } },
          { name: "unbound", summary: "Nothing bound for the provider", body: { message: "Binding not found" }, request: { as: "owner", setup: "app", params: { appId: "{{setup}}", provider: "github" } } },
        ],
      },
    ],
  }),
  route({
    method: "PUT",
    path: "/api/apps/{appId}/bindings/{provider}",
    handler: bind,
    sessionCookie: true,
    tag: "Apps",
    summary: "Bind a connection to an app",
    description: `${BINDING_RULES} \`connectionId\` names a connection of the workspace for this provider; it replaces any connection bound for it, and the app's variables follow. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [appParam, providerParam],
    jsonBody: bindBody,
    responses: [
      { status: 200, description: "The binding.", schema: bindingOutput },
      refused({ params: { appId: UNKNOWN_APP, provider: "github" }, json: { connectionId: UNKNOWN_APP } }),
      crossOrigin({ params: { appId: UNKNOWN_APP, provider: "github" }, json: { connectionId: UNKNOWN_APP } }),
      {
        status: 404,
        description: "No connection of this id and provider in your workspace, or no such app.",
        examples: [{ name: "unknown-connection", summary: "An id that names no connection of yours", body: { message: "Connection not found" }, request: { as: "owner", setup: "app", params: { appId: "{{setup}}", provider: "github" }, json: { connectionId: UNKNOWN_APP } } }],
      },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/apps/{appId}/bindings/{provider}",
    handler: call((caller) => caller.connections.unbind, { auth: "sessionOrKey", input: (ctx) => ({ appId: pathParam(ctx, "appId"), provider: pathParam(ctx, "provider") }), empty: true }),
    sessionCookie: true,
    tag: "Apps",
    summary: "Unbind a provider's connection from an app",
    description: `${BINDING_RULES} The connection stays in the workspace; the variables it wrote into the app are removed. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [appParam, providerParam],
    responses: [
      { status: 204, description: "Unbound." },
      refused({ params: { appId: UNKNOWN_APP, provider: "github" } }),
      crossOrigin({ params: { appId: UNKNOWN_APP, provider: "github" } }),
      { status: 404, description: "Nothing bound for this provider.", examples: [{ name: "unbound", summary: "Nothing bound", body: { message: "Binding not found" }, request: { as: "owner", setup: "app", params: { appId: "{{setup}}", provider: "github" } } }] },
    ],
  }),
];
