import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a route's declaration (rest/route-types.ts) says for its reader: the OpenAPI document
 * (rest/openapi/document.ts) and docs/api.md are generated from it; the contract test
 * replays every example against the built service.
 */
export interface OperationDoc {
  method: Method;
  /** The path, with a `{param}` for each variable segment; the edge compiles it once (rest/route-match.ts). */
  path: string;
  /** Groups operations in the document and in docs/api.md. */
  tag: Tag;
  summary: string;
  /** Markdown, for the user of the API: what it does, what it needs, what to expect. */
  description?: string;
  /** Any one of these is enough; empty for a public path. */
  auth: Auth[];
  /** The `{param}` of `path`, when it has one. */
  pathParam?: PathParamDoc;
  /** The `{params}` of `path` when it has more than one, in the order they appear. */
  pathParams?: PathParamDoc[];
  /** Query parameters: the same zod object the procedure reads, when there is one. */
  query?: z.ZodObject;
  /** The JSON body: the same zod schema the procedure validates it with. */
  jsonBody?: z.ZodType;
  /**
   * What a JSON body field's schema cannot say in JSON Schema (refinements, transforms):
   * field name → a sentence, shown as the field's description.
   */
  fieldNotes?: Record<string, string>;
  /** The same body may also come as `application/x-www-form-urlencoded`, with these fields. */
  formBody?: z.ZodType;
  /** A `multipart/form-data` upload with one file part of this name. */
  multipartFile?: { field: string; description: string };
  responses: ResponseDoc[];
}

export interface PathParamDoc {
  name: string;
  description: string;
  /** The procedure's input field the path fills: left out of the documented JSON body. */
  bodyField?: string;
  /**
   * What the segment may be, as regular-expression source; one segment (`[^/]+`) unless
   * said. `REST_OF_PATH` (rest/route-match.ts) takes the rest of the path, slashes included,
   * and leaves judging it to the handler.
   */
  pattern?: string;
}

export type Tag =
  | "Session"
  | "Workspaces"
  | "Members"
  | "Profile"
  | "Balance"
  | "CLI"
  | "Apps"
  | "Keys"
  | "Deployments"
  | "Tools"
  | "Connections"
  | "Webhooks"
  | "Identity provider"
  | "Authorization server"
  | "Storage"
  | "Dashboard"
  | "Reference"
  | "Operations";

/** `session`: the dashboard's session cookie (`svc_session`, `__Host-svc_session` under https). `appKey`: `Authorization: Bearer svc_sk_…`.
 * `identityToken`: `Authorization: Bearer <JWT>` from the identity provider. */
export type Auth = "session" | "appKey" | "identityToken";

export interface ResponseDoc {
  status: number;
  description: string;
  /** Defaults to `application/json` when there is a schema or an example. */
  contentType?: string;
  /** The body's schema (zod), for success answers; error answers use the error shape of the route. */
  schema?: z.ZodType;
  /** Response headers worth knowing (name → description). */
  headers?: Record<string, string>;
  examples?: ExampleDoc[];
  /** Other media types the same status answers with, each with its own replayed examples (`/sdk/connect.d.ts` is TypeScript). */
  moreContent?: { contentType: string; examples: ExampleDoc[] }[];
}

/**
 * One request and the answer it gets. For an error (status 400 and up) the `body` is exactly
 * what the service answers; for a success it is a representative body of the documented
 * schema (ids and times differ on every call) unless `exact` says it is literal.
 */
export interface ExampleDoc {
  /** Unique within the operation: becomes the example's key. */
  name: string;
  summary: string;
  body?: unknown;
  exact?: boolean;
  /** Response headers the answer carries, exactly (`location` of a redirect, ...). */
  responseHeaders?: Record<string, string>;
  /**
   * For an OAuth popup page (`text/html`): the message the page posts to its opener (SPEC 6),
   * exactly. The page itself differs on every call (a fresh script nonce), its message does not.
   */
  posts?: Record<string, unknown>;
  request: ReplayRequest;
}

/**
 * Who sends the request, prepared by the contract test (tests/rest/openapi-contract.test.ts):
 *  - `anonymous`: no credentials;
 *  - `newcomer`: a fresh account signed in (session cookie) with no workspace;
 *  - `owner`: a fresh account signed in that owns a workspace;
 *  - `admin`: the service's administrator (`admin@example.com`), who owns workspace `acme`;
 *  - `adminKey`: a fresh `svc_sk_` key of the administrator (the CLI's personal key);
 *  - `ownerToken`: an identity token (JWT) of an `owner`, from `POST /auth/v1/token`;
 *  - `newcomerToken`: an identity token of a `newcomer` (an account with no workspace);
 *  - `viewer`: a fresh account signed in whose only workspace is an `owner`'s, as a viewer.
 */
export type Actor = "anonymous" | "newcomer" | "owner" | "admin" | "adminKey" | "ownerToken" | "newcomerToken" | "viewer";

export interface ReplayRequest {
  as: Actor;
  /** The value of the path's `{param}`; `{{self}}` is the actor's user id, `{{setup}}` what `setup` made. */
  param?: string;
  /** For a path with more than one `{param}`: each value by name (same substitutions as `param`). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON body; `{{setup}}` in a string value is what `setup` made. */
  json?: unknown;
  /** A body sent as is, with `Content-Type: application/json` unless `headers` says otherwise. */
  raw?: string;
  /** A multipart upload of a generated file: a real PNG, text posing as an image, or 3 MB. */
  file?: "png" | "text" | "oversized" | "none";
  /**
   * Something the test prepares first, as the actor; its value is substituted for `{{setup}}`.
   * `invitation`: a pending invitation's id; `deployment`: the name of a new deployment
   * `docs-demo`; `avatar`: an uploaded avatar's object path; `agentToken`: the id of an agent
   * token issued for a new deployment `docs-demo`; `personalKey`: a freshly minted CLI key
   * (`POST /api/dev/personal-key`, administrators only); `app`: the id of a new app `docs-app`;
   * `key`: the id of a new key for a new app `docs-app`; `webhook`: the id of a new webhook
   * endpoint `http://127.0.0.1:9/hook` ("Billing sync", two events); `session`: the id of the
   * actor's own session (from its cookie).
   */
  setup?: "invitation" | "deployment" | "avatar" | "agentToken" | "personalKey" | "app" | "key" | "webhook" | "session";
}

