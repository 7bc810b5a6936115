import type { ExampleDoc, ReplayRequest, ResponseDoc } from "./operation";

/**
 * Answers many routes share, written once so every operation documents them alike. Each is
 * still replayed per operation by the contract test.
 */
export const UNAUTHORIZED = { message: "Unauthorized" };
export const INVALID_JSON = { message: "Invalid JSON body" };
export const CROSS_ORIGIN = { message: "Cross-origin request refused: this action must come from the service's own pages" };
export const INVALID_BEARER = { message: "Missing or invalid Bearer token" };
export const NO_WORKSPACE = { message: "No workspace" };

type Request = Omit<ReplayRequest, "as">;

/** 401 for a request with no session cookie. */
export function noSession(request: Request = {}): ResponseDoc {
  return {
    status: 401,
    description: "No session: sign in first.",
    examples: [{ name: "no-session", summary: "No session cookie", body: UNAUTHORIZED, request: { as: "anonymous", ...request } }],
  };
}

/** 403 for a cookie-authenticated write whose Origin is another site (docs/decisions/008). */
export function crossOrigin(request: Request = {}): ResponseDoc {
  return {
    status: 403,
    description: "A write from another site's page (its `Origin` or `Sec-Fetch-Site` says so) is refused before anything is read.",
    examples: [
      {
        name: "cross-origin",
        summary: "Sent from another site's page",
        body: CROSS_ORIGIN,
        request: { as: "owner", ...request, headers: { origin: "https://elsewhere.example", ...request.headers } },
      },
    ],
  };
}

/** 400 for a body that is not a JSON object. */
export function invalidJson(as: ReplayRequest["as"], request: Request = {}): ExampleDoc {
  return { name: "invalid-json", summary: "The body is not a JSON object", body: INVALID_JSON, request: { as, raw: "{not json", ...request } };
}

/** 401 for a missing bearer or one that is not an `svc_sk_` key. */
export function badBearer(request: Request = {}): ResponseDoc {
  return {
    status: 401,
    description: "No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key, or a key that is unknown or revoked.",
    examples: [
      { name: "no-bearer", summary: "No Authorization header", body: INVALID_BEARER, request: { as: "anonymous", ...request } },
      {
        name: "not-a-key",
        summary: "A token that is not an svc_sk_ key",
        body: INVALID_BEARER,
        request: { as: "anonymous", ...request, headers: { authorization: "Bearer sk_live_123", ...request.headers } },
      },
      {
        name: "unknown-key",
        summary: "An svc_sk_ key the service never issued",
        body: INVALID_BEARER,
        request: { as: "anonymous", ...request, headers: { authorization: "Bearer svc_sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", ...request.headers } },
      },
    ],
  };
}

/** The example of a signed-in caller who belongs to no workspace; some 404s list it beside their own. */
export function noWorkspaceExample(request: Request = {}): ExampleDoc {
  return { name: "no-workspace", summary: "Signed in, no workspace", body: NO_WORKSPACE, request: { as: "newcomer", ...request } };
}

/** 404 for a workspace route called by someone who belongs to no workspace. */
export function noWorkspace(request: Request = {}): ResponseDoc {
  return { status: 404, description: "You belong to no workspace.", examples: [noWorkspaceExample(request)] };
}

/** 403 for an owner-only action tried by a member or viewer; `message` names the action. */
export function ownerOnly(message: string, request: Request = {}): ResponseDoc {
  return {
    status: 403,
    description: "You are a member or viewer of the workspace, not its owner.",
    examples: [{ name: "viewer", summary: "A viewer", body: { message }, request: { as: "viewer", ...request } }],
  };
}

/** How a route that takes a session cookie or a workspace key is authenticated. */
export const AUTH_DESCRIPTION =
  "With a session cookie, or with `Authorization: Bearer svc_sk_…` (a key of the workspace); a request with an `Authorization` header is judged by the key alone.";

/** 401 for a route taking a session cookie or a workspace key: the two ways in fail alike (with AUTH_DESCRIPTION). */
export function refused(request: Request): ResponseDoc {
  return {
    status: 401,
    description: "No session and no bearer, or a bearer that is not a valid `svc_sk_` key.",
    examples: [
      { name: "no-credentials", summary: "Neither a cookie nor a key", body: UNAUTHORIZED, request: { as: "anonymous", ...request } },
      { name: "bad-bearer", summary: "A bearer that is not an svc_sk_ key", body: INVALID_BEARER, request: { as: "anonymous", ...request, headers: { authorization: "Bearer not-a-key" } } },
    ],
  };
}

/** The 400 examples of an image upload (the avatar and the workspace logo check a file alike). */
export function imageUploadRefusals(): ExampleDoc[] {
  return [
    { name: "missing-file", summary: "No part named file", body: { message: "Missing file" }, request: { as: "owner", file: "none" } },
    { name: "not-an-image", summary: "Text posing as a PNG", body: { message: "Use JPEG, PNG, WebP, or GIF" }, request: { as: "owner", file: "text" } },
    { name: "too-large", summary: "A 3 MB file", body: { message: "Image must be 2MB or smaller" }, request: { as: "owner", file: "oversized" } },
  ];
}
