import { agentTokenIssuedOutput, agentTokenListOutput, deploymentEventsOutput } from "../../server/shell";
import { type ExampleDoc, type ReplayRequest, type ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { AUTH_DESCRIPTION, crossOrigin, INVALID_BEARER, noWorkspaceExample, refused } from "../openapi/common-responses";
import { call, pathParam } from "../bind";

/**
 * The shell side of a deployment (`svc agent`, `svc ssh`): its agent tokens and its event log.
 * Each answers like the deployment routes: a session cookie or an `svc_sk_` key of the workspace.
 */
type Request = Omit<ReplayRequest, "as">;

const TOKEN = {
  id: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
  prefix: "svc_at_Xq3vT9",
  createdBy: "owner@example.com",
  createdAt: "2026-01-07T08:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};
const UNKNOWN_TOKEN_ID = "00000000-0000-4000-8000-000000000000";
const DEPLOYMENT_NOT_FOUND = { message: "Deployment not found" };
const TOKEN_NOT_FOUND = { message: "Agent token not found" };

/** `me` is not a name here: `/api/deployments/me/...` is the calling tool's own surface. */
const nameParam = { name: "name", description: "The deployment's name.", pattern: "(?!me/)[^/]+" };

/** A bearer that is an identity token (JWT) is not an `svc_sk_` key: refused like any other. */
function refusedWithJwt(request: Request): ResponseDoc {
  const base = refused(request);
  return {
    ...base,
    description: `${base.description} An identity token (JWT) is refused here too.`,
    examples: [...base.examples!, { name: "identity-token", summary: "An identity token (JWT) instead of a key", body: INVALID_BEARER, request: { as: "ownerToken", ...request } }],
  };
}

/** 403: viewers may read the workspace but not manage a deployment's agent tokens. */
function viewerRefused(request: Request): ExampleDoc {
  return { name: "viewer", summary: "A viewer of the workspace", body: { message: "Viewers cannot manage deployments" }, request: { as: "viewer", ...request } };
}

/** 404s every one of these routes answers before it looks at anything else. */
function deploymentNotFound(request: Request, extra: ExampleDoc[] = []): ResponseDoc {
  const at = (name: string): Request => (request.params ? { ...request, params: { ...request.params, name } } : { ...request, param: name });
  return {
    status: 404,
    description: "No deployment of this name in your workspace (a name that cannot be decoded names none), or you belong to no workspace.",
    examples: [
      { name: "unknown", summary: "A name that is not deployed", body: DEPLOYMENT_NOT_FOUND, request: { as: "owner", ...at("nothing-here") } },
      { name: "undecodable", summary: "Malformed percent-encoding in the name", body: DEPLOYMENT_NOT_FOUND, request: { as: "owner", ...at("%E0%A4%A") } },
      noWorkspaceExample(at("nothing-here")),
      ...extra,
    ],
  };
}

export const deploymentShellOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/deployments/{name}/agent-tokens",
    handler: call((caller) => caller.shell.listAgentTokens, { auth: "sessionOrKey", input: (ctx) => ({ name: pathParam(ctx, "name") }), answer: (agentTokens) => ({ agentTokens }), noStore: true }),
    tag: "Deployments",
    summary: "A deployment's agent tokens",
    description:
      "Members and the owner (viewers see neither tokens nor their prefixes). Every token issued for the deployment, newest first, revoked ones included: " +
      `its first characters (\`prefix\`), who issued it, when it was last used by an agent and whether it is revoked; never the token itself. Never cached. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: nameParam,
    responses: [
      {
        status: 200,
        description: "The tokens.",
        schema: agentTokenListOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [{ name: "list", summary: "One live token", body: { agentTokens: [TOKEN] }, request: { as: "owner", setup: "agentToken", param: "docs-demo" } }],
      },
      refusedWithJwt({ param: "docs-demo" }),
      { status: 403, description: "You are a viewer of the workspace.", examples: [viewerRefused({ param: "docs-demo" })] },
      deploymentNotFound({}),
    ],
  }),
  route({
    method: "POST",
    path: "/api/deployments/{name}/agent-tokens",
    // 201 with the token: the only time it is shown.
    handler: call((caller) => caller.shell.issueAgentToken, { auth: "sessionOrKey", input: (ctx) => ({ name: pathParam(ctx, "name") }), status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Deployments",
    summary: "Issue an agent token",
    description:
      "Members and the owner. A new `svc_at_` token with which `svc agent` connects the deployment to the shell broker (`SVC_AGENT_TOKEN`). " +
      "The answer is the only time the token is shown: only its hash is stored. Earlier tokens stay valid until revoked; the newest agent to connect " +
      `replaces the one connected before. No body. Never cached. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: nameParam,
    responses: [
      {
        status: 201,
        description: "The token, shown this once, with what the list will show of it.",
        schema: agentTokenIssuedOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          {
            name: "issued",
            summary: "A new token",
            body: { ...TOKEN, token: "svc_at_Xq3vT9kLm2Np4Rs6Tu8Vw0Xy1Za3Bc5De7Fg9Hi2JkL" },
            request: { as: "owner", setup: "deployment", param: "{{setup}}" },
          },
        ],
      },
      refusedWithJwt({ param: "docs-demo" }),
      {
        ...crossOrigin({ param: "docs-demo" }),
        description: `${crossOrigin().description} A viewer of the workspace may not issue tokens.`,
        examples: [...crossOrigin({ param: "docs-demo" }).examples!, viewerRefused({ param: "docs-demo" })],
      },
      deploymentNotFound({}),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/deployments/{name}/agent-tokens/{id}",
    handler: call((caller) => caller.shell.revokeAgentToken, { auth: "sessionOrKey", input: (ctx) => ({ name: pathParam(ctx, "name"), tokenId: pathParam(ctx, "id") }), empty: true }),
    sessionCookie: true,
    tag: "Deployments",
    summary: "Revoke an agent token",
    description:
      "Members and the owner. The token stops working at once: an agent connected with it is disconnected (on every instance of the service) " +
      `and its open shell sessions end. A token already revoked, or of another deployment, is not found. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [nameParam, { name: "id", description: "The token's `id`, as listed." }],
    responses: [
      { status: 204, description: "Revoked.", examples: [{ name: "revoked", summary: "A live token", request: { as: "owner", setup: "agentToken", params: { name: "docs-demo", id: "{{setup}}" } } }] },
      refusedWithJwt({ params: { name: "docs-demo", id: UNKNOWN_TOKEN_ID } }),
      {
        ...crossOrigin({ params: { name: "docs-demo", id: UNKNOWN_TOKEN_ID } }),
        description: `${crossOrigin().description} A viewer of the workspace may not revoke tokens.`,
        examples: [...crossOrigin({ params: { name: "docs-demo", id: UNKNOWN_TOKEN_ID } }).examples!, viewerRefused({ params: { name: "docs-demo", id: UNKNOWN_TOKEN_ID } })],
      },
      {
        ...deploymentNotFound({ params: { name: "docs-demo", id: UNKNOWN_TOKEN_ID } }, [
          { name: "unknown-token", summary: "A token id the deployment never had", body: TOKEN_NOT_FOUND, request: { as: "owner", setup: "deployment", params: { name: "{{setup}}", id: UNKNOWN_TOKEN_ID } } },
          { name: "not-a-token-id", summary: "An id that is not a UUID", body: TOKEN_NOT_FOUND, request: { as: "owner", setup: "deployment", params: { name: "{{setup}}", id: "not-a-uuid" } } },
        ]),
        description: "No deployment of this name in your workspace, no live token of this id for it (unknown, revoked already, or another deployment's), or you belong to no workspace.",
      },
    ],
  }),
  route({
    method: "GET",
    path: "/api/deployments/{name}/events",
    handler: call((caller) => caller.shell.events, { auth: "sessionOrKey", input: (ctx) => ({ name: pathParam(ctx, "name") }), answer: (events) => ({ events }), noStore: true }),
    tag: "Deployments",
    summary: "A deployment's event log",
    description:
      "Anyone who may read the workspace, viewers included. The latest 50 events, newest first: shell sessions opened (`deployment.shell.opened`, " +
      "with `tty` and `command`) and closed (`deployment.shell.closed`, with `exitCode`, `reason` and `durationMs`), and who opened them. " +
      `A command line may carry a secret, so viewers see \`(hidden)\` in its place. Never cached. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: nameParam,
    responses: [
      {
        status: 200,
        description: "The events (an empty list until a shell is opened).",
        schema: deploymentEventsOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          {
            name: "events",
            summary: "One command run through `svc ssh`",
            body: {
              events: [
                {
                  id: "2",
                  type: "deployment.shell.closed",
                  actorEmail: "owner@example.com",
                  data: { session: "9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d", exitCode: 0, reason: "exit", durationMs: 412 },
                  createdAt: "2026-01-07T08:00:01.000Z",
                },
                {
                  id: "1",
                  type: "deployment.shell.opened",
                  actorEmail: "owner@example.com",
                  data: { session: "9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d", tty: false, command: "ls -la" },
                  createdAt: "2026-01-07T08:00:00.000Z",
                },
              ],
            },
            request: { as: "owner", setup: "deployment", param: "{{setup}}" },
          },
        ],
      },
      refusedWithJwt({ param: "docs-demo" }),
      deploymentNotFound({}),
    ],
  }),
];
