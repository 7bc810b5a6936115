import { createDeploymentInput, DEPLOYMENT_NAME_MESSAGE, deploymentListOutput, deploymentOutput, updateDeploymentInput, UPSTREAM_MESSAGE } from "../../server/deployments";
import { type ReplayRequest, type ResponseDoc } from "../openapi/operation";
import { REST_OF_PATH } from "../route-match";
import { route, type Route } from "../route-types";
import { workspaceList } from "./workspace-list";
import { AUTH_DESCRIPTION, crossOrigin, invalidJson, noWorkspace, noWorkspaceExample, refused } from "../openapi/common-responses";
import { call, pathParam } from "../bind";

const DEPLOYMENT = {
  id: "6d5c4b3a-2918-4e7f-8a6b-5c4d3e2f1a0b",
  name: "docs-demo",
  appId: "2e1d0c9b-8a7f-4e6d-9c5b-4a3f2e1d0c9b",
  upstreamUrl: "http://10.0.0.12:8080",
  access: "members",
  manifest: null,
  integrations: [],
  url: "http://docs-demo--acme.localhost:3000/",
  health: { status: "unknown", checkedAt: null, detail: null },
  createdBy: "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f",
  createdAt: "2026-01-07T08:00:00.000Z",
  updatedAt: "2026-01-07T08:00:00.000Z",
};

const notFound = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 404,
  description: "No deployment of this name in your workspace, or you belong to no workspace.",
  examples: [
    { name: "unknown", summary: "A name that is not deployed", body: { message: "Deployment not found" }, request: { as: "owner", param: "nothing-here", ...request } },
    noWorkspaceExample({ param: "nothing-here", ...request }),
  ],
});

const nameParam = { name: "name", description: "The deployment's name.", pattern: REST_OF_PATH };

export const deploymentOperations: Route[] = [
  workspaceList({
    path: "/api/deployments",
    tag: "Deployments",
    summary: "Deployed tools of your workspace",
    description: "Every tool registered in your current workspace, with its address and last health check.",
    procedure: (caller) => caller.deployments.list,
    field: "deployments",
    ok: { status: 200, description: "The deployments.", schema: deploymentListOutput, examples: [{ name: "list", summary: "One deployment", body: { deployments: [DEPLOYMENT] }, request: { as: "owner", setup: "deployment" } }] },
  }),
  route({
    method: "POST",
    path: "/api/deployments",
    handler: call((caller) => caller.deployments.create, { auth: "sessionOrKey", body: true, status: 201 }),
    sessionCookie: true,
    tag: "Deployments",
    summary: "Register a deployed tool",
    description:
      "Members and the owner. `name` (2-40 lowercase letters, digits and single hyphens) becomes the tool's address `<name>--<workspace>.<apps domain>`; " +
      "`upstreamUrl` is where the app-proxy forwards, and every address it resolves to must be allowed (no link-local or metadata addresses; private ones only " +
      `when listed in \`APP_PROXY_ALLOWED_UPSTREAMS\`). \`access\` is \`members\` (default) or \`public\`; \`manifest\` is the text of \`vendo.yaml\`. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: createDeploymentInput,
    fieldNotes: {
      name: "2-40 lowercase letters, digits and single hyphens, no hyphen at either end; not `me`",
      upstreamUrl: "http or https, no credentials or fragment; every address it resolves to must be allowed",
      manifest: "the text of `vendo.yaml` (at most 64 KB), validated against `/schemas/vendo.schema.json`; its name must be the deployment's",
      appId: "an existing app of the workspace; without it the deployment joins the workspace's app of its name (the oldest, if several), or gets a new one named after it",
    },
    responses: [
      { status: 201, description: "The new deployment.", schema: deploymentOutput, examples: [{ name: "created", summary: "A tool for members", body: DEPLOYMENT, request: { as: "owner", json: { name: "docs-demo", upstreamUrl: "http://127.0.0.1:9" } } }] },
      {
        status: 400,
        description: "A field is invalid, the upstream's address is not allowed, or the manifest is invalid.",
        examples: [
          { name: "bad-name", summary: "Capitals and a space", body: { message: DEPLOYMENT_NAME_MESSAGE }, request: { as: "owner", json: { name: "My Tool", upstreamUrl: "http://127.0.0.1:9" } } },
          { name: "reserved-name", summary: "The reserved name me", body: { message: "This deployment name is reserved" }, request: { as: "owner", json: { name: "me", upstreamUrl: "http://127.0.0.1:9" } } },
          { name: "bad-upstream", summary: "Not an http URL", body: { message: UPSTREAM_MESSAGE }, request: { as: "owner", json: { name: "docs-demo", upstreamUrl: "ftp://files.example" } } },
          { name: "metadata-address", summary: "The cloud metadata address", body: { message: "Upstream address not allowed: 169.254.169.254 is a link-local address" }, request: { as: "owner", json: { name: "docs-demo", upstreamUrl: "http://169.254.169.254/" } } },
          invalidJson("owner"),
        ],
      },
      refused({ json: { name: "docs-demo", upstreamUrl: "http://127.0.0.1:9" } }),
      crossOrigin({ json: { name: "docs-demo", upstreamUrl: "http://127.0.0.1:9" } }),
      noWorkspace({ json: { name: "docs-demo", upstreamUrl: "http://127.0.0.1:9" } }),
      { status: 409, description: "A deployment of this name exists in the workspace.", examples: [{ name: "taken", summary: "The same name twice", body: { message: "A deployment with this name already exists" }, request: { as: "owner", setup: "deployment", json: { name: "docs-demo", upstreamUrl: "http://127.0.0.1:9" } } }] },
    ],
  }),
  route({
    method: "GET",
    path: "/api/deployments/{name}",
    handler: call((caller) => caller.deployments.get, { auth: "sessionOrKey", input: (ctx) => ({ name: pathParam(ctx, "name") }), noStore: true }),
    tag: "Deployments",
    summary: "One deployed tool",
    description: AUTH_DESCRIPTION,
    auth: ["session", "appKey"],
    pathParam: nameParam,
    responses: [
      { status: 200, description: "The deployment.", schema: deploymentOutput, examples: [{ name: "found", summary: "A deployment", body: DEPLOYMENT, request: { as: "owner", setup: "deployment", param: "{{setup}}" } }] },
      refused({ param: "docs-demo" }),
      notFound({}),
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/deployments/{name}",
    handler: call((caller) => caller.deployments.update, { auth: "sessionOrKey", body: true, input: (ctx) => ({ name: pathParam(ctx, "name") }) }),
    sessionCookie: true,
    tag: "Deployments",
    summary: "Change a deployed tool",
    pathParam: { ...nameParam, bodyField: "name" },
    description: `Members and the owner. Any of \`upstreamUrl\`, \`access\`, \`manifest\` (null removes it) and \`appId\`; at least one. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: updateDeploymentInput,
    fieldNotes: { manifest: "the text of `vendo.yaml`, or `null` to remove it" },
    responses: [
      { status: 200, description: "The updated deployment.", schema: deploymentOutput, examples: [{ name: "public", summary: "Opened to everyone", body: { ...DEPLOYMENT, access: "public" }, request: { as: "owner", setup: "deployment", param: "{{setup}}", json: { access: "public" } } }] },
      {
        status: 400,
        description: "A field is invalid or nothing would change.",
        examples: [
          { name: "no-changes", summary: "An empty object", body: { message: "No changes" }, request: { as: "owner", setup: "deployment", param: "{{setup}}", json: {} } },
          { name: "bad-access", summary: "An unknown access mode", body: { message: "Access must be members or public" }, request: { as: "owner", setup: "deployment", param: "{{setup}}", json: { access: "everyone" } } },
        ],
      },
      refused({ param: "docs-demo", json: { access: "public" } }),
      crossOrigin({ param: "docs-demo", json: { access: "public" } }),
      notFound({ json: { access: "public" } }),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/deployments/{name}",
    handler: call((caller) => caller.deployments.remove, { auth: "sessionOrKey", input: (ctx) => ({ name: pathParam(ctx, "name") }), empty: true }),
    sessionCookie: true,
    tag: "Deployments",
    summary: "Remove a deployed tool",
    description: `Members and the owner. Its address stops answering and its tool sessions end. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: nameParam,
    responses: [
      { status: 204, description: "Removed.", examples: [{ name: "removed", summary: "A deployment", request: { as: "owner", setup: "deployment", param: "{{setup}}" } }] },
      refused({ param: "docs-demo" }),
      crossOrigin({ param: "docs-demo" }),
      notFound({}),
    ],
  }),
];
