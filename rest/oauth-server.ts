import type { IncomingMessage, ServerResponse } from "node:http";
import { ANONYMOUS_REFUSALS, readSessionCookie, resolveSessionFrom } from "../server/identity";
import {
  approveInteractionFrom,
  authorizationServer,
  clientMetadataProblem,
  countClientRegistrationFrom,
  countDeviceCodeEntryFrom,
  defaultScopeFor,
  denyInteraction,
  hostedAuthorizationServerNotice,
  interactionClientIdFrom,
  interactionPath,
  isLapsedInteraction,
  isMetadataClientId,
  ISSUER_PATH,
  metadataClientProblemFrom,
  OAUTH_PATHS,
  OAUTH_PREFIX,
  userinfoFrom,
  OAUTH_SERVER_CODES,
  OUTAGE_DESCRIPTION,
  outagePageBody,
} from "../server/oauth-server";
import { isDatabaseUnavailable } from "../server/platform/db/availability";
import { getConfig } from "../server/platform/config";
import { findAppError, RETRY_AFTER_SECONDS } from "../server/platform/errors";
import { log } from "../server/platform/log";
import { isSafeValue } from "../server/platform/validation/text";
import { deployedToolResources, guardedMetadataFetch } from "../server/routers";
import { startedRuntime } from "../server/start";
import { isCrossOriginWrite } from "./cross-origin";
import { htmlPageBody, HTML_PAGE_HEADERS } from "./html-page";
import { nameAnswer } from "./request-id";
import { rawRoute } from "./raw-route";
import { redirect, send, sendOAuthError, sendPage } from "./oauth-answers";
import { introspectJwtHere, tokenRequestHere } from "./oauth-before-library";

/**
 * The OAuth 2.1 authorization server (issue 15, docs/decisions/037), on raw Node objects
 * like the provider proxy: panva's oidc-provider is a Koa application that wants Node's
 * request and response. This adapter keeps to itself what the library leaves to us: the
 * interaction routes (sign-in, then our consent page), `userinfo`, refusing hostile input
 * before it reaches the library's storage, JSON bodies at the token endpoint, the default
 * scope of a request that names none, and the public address the library builds URLs from.
 */

/** The library's own request body limit: anything longer is refused before it is read. */
const MAX_BODY_BYTES = 56 * 1024;
const INTERACTION = new RegExp(`^${OAUTH_PATHS.interaction}([A-Za-z0-9_-]{1,64})(?:/(approve|deny))?$`);

/** The runtime's ORM: the server area forks its own EntityManagers from it (ADR 069). */
const orm = () => startedRuntime()!.orm;

const provider = () => authorizationServer(orm(), deployedToolResources, guardedMetadataFetch);

/**
 * A metadata-document client (an `https` client ID, or `http://localhost…` while BASE_URL is
 * loopback) is fetched and stored before the library looks for it, one path for both schemes
 * (docs/decisions/037); the reason when it cannot be used. A new authorization
 * (`startsAuthorization`) honours the document's own cache lifetime; the later steps of one
 * use the copy it started with.
 */
async function metadataClientProblem(clientId: string | null, startsAuthorization: boolean): Promise<string | null> {
  if (!clientId || !isMetadataClientId(clientId)) return null;
  return metadataClientProblemFrom(orm(), guardedMetadataFetch, clientId, startsAuthorization);
}

/** NUL and broken UTF-16 would reach PostgreSQL's jsonb as a 500: refused as a 400 instead. */
function isHostileText(value: string): boolean {
  return !isSafeValue(value);
}

function hostileIn(value: unknown): boolean {
  if (typeof value === "string") return isHostileText(value);
  if (Array.isArray(value)) return value.some(hostileIn);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => isHostileText(key) || hostileIn(item));
  return false;
}

function hostileParams(params: URLSearchParams): boolean {
  for (const [key, value] of params) if (isHostileText(key) || isHostileText(value)) return true;
  return false;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function asForm(json: unknown): URLSearchParams | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(json)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean") return null;
      form.append(key, String(item));
    }
  }
  return form;
}

/** A request that names no `scope` gets its resource's default (the issue 15 contract). */
function withDefaultScope(params: URLSearchParams): URLSearchParams {
  if (params.has("scope")) return params;
  params.set("scope", defaultScopeFor(params.getAll("resource")));
  return params;
}

async function signedInUser(req: IncomingMessage) {
  const cookie = readSessionCookie(req.headers.cookie);
  return resolveSessionFrom(orm(), cookie);
}

/** `/auth/v1/oauth/interaction/{uid}`: through /login when signed out, then to the consent page; Approve and Deny post back here. */
/**
 * AUTH_URL on another origin is this service under another name (ADR 050): the consent page
 * is then served there, and a browser that sends only `Origin` (no `Sec-Fetch-Site`) names it.
 */
function fromIssuerOrigin(req: IncomingMessage): boolean {
  return req.headers["sec-fetch-site"] === undefined && req.headers.origin === new URL(getConfig().authUrl).origin;
}

async function serveInteraction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
  const session = await signedInUser(req);
  if (!action) {
    if (req.method !== "GET") return sendPage(res, 405, "Method not allowed", "Open this address in a browser.");
    if (!session) return redirect(res, `/login?redirectTo=${encodeURIComponent(interactionPath(uid))}`);
    return redirect(res, `/oauth/consent/${uid}`, session.setCookie);
  }
  if (req.method !== "POST") return sendPage(res, 405, "Method not allowed", "Approve or deny from the consent page.");
  req.resume();
  if (isCrossOriginWrite("POST", (name) => req.headers[name] as string | undefined) && !fromIssuerOrigin(req)) {
    return sendPage(res, 403, "Request refused", "Approve or deny from this service's own consent page.");
  }
  if (!session) return redirect(res, `/login?redirectTo=${encodeURIComponent(interactionPath(uid))}`);
  const server = await provider();
  try {
    if (action === "approve") {
      // An anonymous account hands its identity to no application (ADR 062); Deny stays open to it.
      if (session.user.isAnonymous) return sendPage(res, 403, "Authorization refused", `${ANONYMOUS_REFUSALS.authorizeApplication}.`);
      // A document kept only for the authorization in progress may have lapsed while the person read the page.
      const problem = await metadataClientProblem(await interactionClientIdFrom(orm(), uid), false);
      if (problem) return sendPage(res, 400, "Authorization failed", `The application cannot be used: ${problem}.`);
      return await approveInteractionFrom(orm(), server, req, res, session.user.userId, uid, session.user.sessionId);
    }
    return await denyInteraction(server, req, res, uid);
  } catch (error) {
    if (!isLapsedInteraction(error)) throw error;
    return sendPage(res, 400, LAPSED_INTERACTION_TITLE, LAPSED_INTERACTION_MESSAGE);
  }
}

export const LAPSED_INTERACTION_TITLE = "This request has expired";
export const LAPSED_INTERACTION_MESSAGE =
  "This authorization request has expired, or was started in another browser. Go back to the application and sign in with it again to start a new one.";

/** The Retry-After of a rate limit's refusal; any other error goes on up. */
function retryAfterOf(error: unknown): string {
  const limited = findAppError(error);
  if (limited?.code !== "RATE_LIMITED") throw error;
  return limited.headers["Retry-After"] ?? "60";
}

/** RFC 7591 names no error for it: a 429 in RFC 6749's shape, with when to try again. */
async function registrationAllowed(res: ServerResponse, clientAddress: string | null): Promise<boolean> {
  try {
    await countClientRegistrationFrom(orm(), clientAddress);
    return true;
  } catch (error) {
    const retryAfter = retryAfterOf(error);
    sendOAuthError(res, OAUTH_SERVER_CODES.TOO_MANY_REQUESTS, "Too many client registrations from this address; try again later", { "retry-after": retryAfter });
    return false;
  }
}

/**
 * RFC 8628 5.1: a post of the device page that names a user code is a lookup, counted per
 * client address; past the limit the page says so, 429 with when to try again.
 */
async function deviceCodeEntryAllowed(res: ServerResponse, body: string, clientAddress: string | null): Promise<boolean> {
  if (!new URLSearchParams(body).get("user_code")) return true;
  try {
    await countDeviceCodeEntryFrom(orm(), clientAddress);
    return true;
  } catch (error) {
    const retryAfter = retryAfterOf(error);
    const minutes = Math.max(1, Math.ceil(Number(retryAfter) / 60));
    send(res, 429, { ...HTML_PAGE_HEADERS, "retry-after": retryAfter }, htmlPageBody("Connect a device", `Too many codes tried from this address. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`));
    return false;
  }
}

/** `userinfo`, ours: the library refuses tokens that carry an audience. */
async function serveUserinfo(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume();
  if (req.method !== "GET" && req.method !== "POST") return sendOAuthError(res, OAUTH_SERVER_CODES.USERINFO_METHOD, "userinfo takes GET or POST");
  const answer = await userinfoFrom(orm(), req.headers.authorization);
  return send(res, answer.status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...answer.headers }, JSON.stringify(answer.body));
}

/** What the edge does at one endpoint before the library sees the request, or instead of it. */
interface Endpoint {
  /** Answered here, never by the library. */
  answer?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** A browser navigates here: refusals are pages, not JSON. */
  page?: true;
  /** Its RFC says form bodies: JSON is taken too (issue 15) and handed on as a form; a metadata-document client is fetched first. */
  form?: true;
  /** A request that names no `scope` gets its resource's default; it starts an authorization. */
  defaultScope?: true;
  /** A GET starts an authorization: its metadata-document client is fetched and its scope defaulted in the query. */
  startsOnGet?: true;
  /** A registration: a hostile name or address gets RFC 7591's answer. */
  registration?: true;
  /** Before a POST body is read; false when it has answered. */
  beforeBody?: (res: ServerResponse, clientAddress: string | null) => Promise<boolean>;
  /** Once the POST body is read; false when it has answered. */
  withBody?: (res: ServerResponse, body: string, clientAddress: string | null, req: IncomingMessage) => Promise<boolean>;
}

/** The endpoints under the prefix that the edge does something at, by path; the library serves every other one as it is. */
const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map<string, Endpoint>([
  [OAUTH_PATHS.authorize, { page: true, form: true, defaultScope: true, startsOnGet: true }],
  [OAUTH_PATHS.token, { form: true, withBody: tokenRequestHere }],
  [OAUTH_PATHS.revoke, { form: true }],
  [OAUTH_PATHS.introspect, { form: true, withBody: introspectJwtHere }],
  [OAUTH_PATHS.deviceCode, { form: true, defaultScope: true }],
  [OAUTH_PATHS.device, { withBody: deviceCodeEntryAllowed }],
  [OAUTH_PATHS.register, { registration: true, beforeBody: registrationAllowed }],
  [OAUTH_PATHS.userinfo, { answer: serveUserinfo }],
]);
/** `{OAUTH_PATHS.interaction}{uid}` and its Approve and Deny: ours, pages. */
const INTERACTION_ENDPOINT: Endpoint = { page: true };
const LIBRARY_ONLY: Endpoint = {};

/** Whether `path` is one a browser navigates to: its refusals are pages. */
const isPagePath = (path: string) => INTERACTION.test(path) || ENDPOINTS.get(path)?.page === true;

async function serve(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const path = url.pathname;
  const interaction = INTERACTION.exec(path);
  const endpoint = interaction ? INTERACTION_ENDPOINT : (ENDPOINTS.get(path) ?? LIBRARY_ONLY);
  const browserFacing = isPagePath(path);
  // A hosted identity provider is the authorization server (ADR 037): nothing here issues tokens in its name.
  const hosted = hostedAuthorizationServerNotice();
  if (hosted) {
    req.resume();
    if (browserFacing) return sendPage(res, 404, "Not here", `${hosted}.`);
    return sendOAuthError(res, OAUTH_SERVER_CODES.NOT_FOUND, hosted);
  }
  if (hostileParams(url.searchParams)) {
    req.resume();
    if (browserFacing) return sendPage(res, 400, "Authorization failed", "The request holds characters that cannot be accepted.");
    return sendOAuthError(res, OAUTH_SERVER_CODES.INVALID_REQUEST, "The request holds characters that cannot be accepted");
  }
  if (interaction) return serveInteraction(req, res, interaction[1]!, interaction[2]);
  if (endpoint.answer) return endpoint.answer(req, res);

  if (endpoint.startsOnGet && req.method === "GET") {
    const problem = await metadataClientProblem(url.searchParams.get("client_id"), true);
    if (problem) return sendPage(res, 400, "Authorization failed", `The application cannot be used: ${problem}.`);
    url.search = withDefaultScope(url.searchParams).toString();
    req.url = url.pathname + url.search;
  }
  if (req.method === "POST" && endpoint.beforeBody && !(await endpoint.beforeBody(res, clientAddress))) return void req.resume();
  if (req.method === "POST") {
    const text = await readBody(req);
    if (text === null) return sendOAuthError(res, OAUTH_SERVER_CODES.BODY_TOO_LARGE, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
    const type = String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    let body = text;
    if (type === "application/json") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return sendOAuthError(res, OAUTH_SERVER_CODES.INVALID_REQUEST, "The request body is not valid JSON");
      }
      if (hostileIn(parsed)) {
        // A registration's name or address with NUL or broken UTF-16 gets RFC 7591's answer, as the
        // library's validator gives for every other broken rule (client-metadata-rules.ts).
        const problem = endpoint.registration && parsed && typeof parsed === "object" && !Array.isArray(parsed) ? clientMetadataProblem(parsed as Record<string, unknown>) : null;
        if (problem) return sendOAuthError(res, problem.startsWith("redirect_uris") ? OAUTH_SERVER_CODES.INVALID_REDIRECT_URI : OAUTH_SERVER_CODES.INVALID_CLIENT_METADATA, problem);
        return sendOAuthError(res, OAUTH_SERVER_CODES.INVALID_REQUEST, "The request holds characters that cannot be accepted");
      }
      if (endpoint.form) {
        const form = asForm(parsed);
        if (!form) return sendOAuthError(res, OAUTH_SERVER_CODES.INVALID_REQUEST, "The JSON body must be an object of strings");
        body = (endpoint.defaultScope ? withDefaultScope(form) : form).toString();
        req.headers["content-type"] = "application/x-www-form-urlencoded";
      }
    } else if (type === "application/x-www-form-urlencoded") {
      const form = new URLSearchParams(text);
      if (hostileParams(form)) return sendOAuthError(res, OAUTH_SERVER_CODES.INVALID_REQUEST, "The request holds characters that cannot be accepted");
      if (endpoint.defaultScope) body = withDefaultScope(form).toString();
    }
    if (endpoint.withBody && !(await endpoint.withBody(res, body, clientAddress, req))) return;
    if (endpoint.form) {
      const problem = await metadataClientProblem(new URLSearchParams(body).get("client_id"), endpoint.defaultScope === true);
      if (problem) return sendOAuthError(res, OAUTH_SERVER_CODES.INVALID_CLIENT, problem);
    }
    req.headers["content-length"] = String(Buffer.byteLength(body));
    // The stream is read: the library takes the body from here (its documented fallback).
    (req as IncomingMessage & { body?: string }).body = body;
  }

  // The library builds every URL from the issuer's public address (AUTH_URL when set), not
  // from what the client sent: its host and scheme, and its path as the mount path.
  const issuer = new URL(getConfig().authUrl);
  req.headers["x-forwarded-host"] = issuer.host;
  req.headers["x-forwarded-proto"] = issuer.protocol.slice(0, -1);
  const route = (req.url ?? "/").slice(ISSUER_PATH.length);
  (req as IncomingMessage & { originalUrl?: string }).originalUrl = `${issuer.pathname.replace(/\/+$/, "")}${route}`;
  req.url = route;
  const server = await provider();
  server.callback()(req, res);
}

/** Every request under /auth/v1/oauth/, any method (the raw declaration below). */
function handleOAuthServer(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): void {
  nameAnswer(res);
  // serve() hands the library its own route in req.url: the page rule reads the path as asked.
  const askedUrl = req.url ?? "/";
  serve(req, res, clientAddress).catch((error: unknown) => {
    if (!req.complete) req.resume();
    const outage = isDatabaseUnavailable(error);
    const failure = { error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) };
    if (outage) log.warn("authorization server: the database is unavailable", failure);
    else log.error("authorization server failed", failure);
    if (res.headersSent) return void res.destroy();
    // A browser's endpoint shows a page; a client's gets RFC 6749's JSON. An outage spent nothing: 503, try again.
    if (isPagePath(new URL(askedUrl, "http://localhost").pathname)) {
      if (outage) return void send(res, 503, { ...HTML_PAGE_HEADERS, "retry-after": String(RETRY_AFTER_SECONDS) }, outagePageBody());
      return sendPage(res, 500, "Something went wrong", "The authorization could not be completed. Try again from the application.");
    }
    if (outage) return sendOAuthError(res, OAUTH_SERVER_CODES.DATABASE_UNAVAILABLE, OUTAGE_DESCRIPTION, { "retry-after": String(RETRY_AFTER_SECONDS) });
    sendOAuthError(res, OAUTH_SERVER_CODES.SERVER_ERROR, "The request could not be completed; try again");
  });
}

/** The authorization server on Node's objects (docs/decisions/037), counted as `oauth-server`. */
export const oauthServerRoute = rawRoute({ area: "oauth-server", prefix: OAUTH_PREFIX, serve: handleOAuthServer });
