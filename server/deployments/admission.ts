import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { sameOriginPath } from "../platform/security/same-origin-path";
import { readCookie } from "../identity";
import { APP_SESSION_COOKIE, cachedAppIdentity, exchangeCode, resolveAppIdentity, type AppIdentity } from "./app-sessions";
import { assertionFor, cachedAssertion } from "./assertion";
import { cachedDeploymentByHost, findDeploymentByHost, type DeploymentTarget } from "./deployment-lookup";
import { INVALID_TOKEN, bearerToken, cachedTokenIdentity, claimsToBeOurs, identityForToken, isRefusal, type TokenRefusal } from "./tool-tokens";
import { PROTECTED_RESOURCE_PATH } from "./resource-metadata";

/**
 * Who may enter a deployed tool (issue 8, docs/decisions/030), decided once per request for
 * the app-proxy, which then only pipes: the deployment's `access` (`public`: anyone;
 * `members`: a person with an app session of that workspace, whose membership and role the
 * session carries), and the handshake that starts an app session (`/.svc/callback`).
 * Programs come with an OAuth access token instead (issue 15, docs/decisions/039): a bearer
 * token that claims to be ours decides alone, cookie or not, and is never forwarded; the
 * tool's own metadata as a protected resource is answered here too.
 *
 * When the tool, the person and their assertion are all cached the answer comes back at once,
 * with no promise in between (the proxy's hot path); otherwise PostgreSQL is asked.
 */

export interface AdmissionRequest {
  /** The Host header as received. */
  host: string;
  /** The request target (path and query). */
  url: string;
  method: string;
  /** The Cookie header, if any. */
  cookie: string | undefined;
  /** The Authorization header, if any. */
  authorization?: string | undefined;
  /** The Accept header, if any: `text/html` in it marks a browser navigation. */
  accept?: string | undefined;
  /** A WebSocket upgrade: no handshake and no redirect, a refusal is a status. */
  upgrade?: boolean;
  /** A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method), which never carries credentials. */
  preflight?: boolean;
}

export type Admission =
  /**
   * Forward, with these identity headers (none for a public tool); `dropAuthorization`: the
   * Authorization header holds a token of ours, which no tool ever receives.
   */
  | { kind: "enter"; target: DeploymentTarget; identity: AppIdentity | null; assertion: string | null; dropAuthorization: boolean }
  /** No deployment at this host. */
  | { kind: "no-such-tool" }
  /**
   * No app session: a browser navigation is sent to `location` to sign in; another browser
   * request (location null) gets a page. Both carry the resource's WWW-Authenticate too.
   */
  | { kind: "sign-in"; target: DeploymentTarget; location: string | null }
  /** A program without credentials (`refusal` null) or with a token that is not enough: RFC 6750's answer. */
  | { kind: "bearer-refused"; target: DeploymentTarget; origin: string; refusal: TokenRefusal | null }
  /** `/.well-known/oauth-protected-resource` (RFC 9728): the tool's metadata, or (path-suffix form) 404. */
  | { kind: "resource-metadata"; target: DeploymentTarget; origin: string; found: boolean }
  /**
   * A CORS preflight to a members-only tool or to its metadata: the proxy allows what a
   * program with a token will send; the real request is admitted on its own.
   */
  | { kind: "preflight"; target: DeploymentTarget }
  /** The handshake succeeded: set the app-session cookie to `sessionToken` and go to `location`. */
  | { kind: "session-started"; target: DeploymentTarget; sessionToken: string; location: string }
  /** The handshake's one-time code was unknown, used or expired. */
  | { kind: "link-expired"; target: DeploymentTarget };

/** The runtime's ORM, asked for only when a lookup misses its cache: the hot path forks nothing. */
export type RuntimeOrm = () => Promise<MikroORM>;

let baseScheme: { baseUrl: string; scheme: string } | undefined;
/** `http` or `https`: the tools are served as BASE_URL is. */
export function appScheme(): string {
  const baseUrl = getConfig().baseUrl;
  if (baseScheme?.baseUrl !== baseUrl) baseScheme = { baseUrl, scheme: new URL(baseUrl).protocol.slice(0, -1) };
  return baseScheme.scheme;
}

/** The tool's own origin: the audience of its assertions. */
export function appOrigin(host: string): string {
  return `${appScheme()}://${host}`;
}

function enter(target: DeploymentTarget, identity: AppIdentity | null, assertion: string | null, dropAuthorization = false): Admission {
  return { kind: "enter", target, identity, assertion, dropAuthorization };
}

/** The bearer token of the request when it claims to be ours (else the cookie decides), or null. */
function ourToken(request: AdmissionRequest): string | null {
  if (request.authorization === undefined) return null;
  const token = bearerToken(request.authorization);
  return token !== null && claimsToBeOurs(token) ? token : null;
}

/** `/.svc/...` (the handshake) and `/.well-known/oauth-protected-resource...` are the proxy's own paths. */
function isOwnPath(url: string): boolean {
  return url.startsWith("/.svc/") || url.startsWith(PROTECTED_RESOURCE_PATH);
}

/** Decides one request to a tool's host. */
export function admitToTool(request: AdmissionRequest, runtimeOrm: RuntimeOrm): Admission | Promise<Admission> {
  const target = cachedDeploymentByHost(request.host.toLowerCase());
  if (target && !isOwnPath(request.url)) {
    if (target.access === "public") return enter(target, null, null, ourToken(request) !== null);
    const authorization = request.authorization;
    if (authorization !== undefined) {
      // Only verified tokens of ours are cached, so a hit needs neither the header's grammar
      // (a regular expression over a long token) nor a look at the claims.
      const quick = authorization.startsWith("Bearer ") ? authorization.slice(7) : null;
      const identity = quick === null ? undefined : cachedTokenIdentity(quick, target.host);
      const assertion = identity && identity.tenantId === target.tenantId ? cachedAssertion(identity, appOrigin(target.host)) : undefined;
      if (identity && assertion) return enter(target, identity, assertion, true);
      const bearer = bearerToken(authorization);
      if (identity || (bearer !== null && claimsToBeOurs(bearer))) return admitSlowly(request, runtimeOrm);
    }
    const token = readCookie(request.cookie, APP_SESSION_COOKIE);
    const identity = token ? cachedAppIdentity(token, target.host) : undefined;
    const assertion = identity && identity.tenantId === target.tenantId ? cachedAssertion(identity, appOrigin(target.host)) : undefined;
    if (identity && assertion) return enter(target, identity, assertion);
  }
  return admitSlowly(request, runtimeOrm);
}

async function admitSlowly(request: AdmissionRequest, runtimeOrm: RuntimeOrm): Promise<Admission> {
  const orm = await runtimeOrm();
  let fork: EntityManager | undefined;
  const em = () => (fork ??= orm.em.fork());
  const target = await findDeploymentByHost(em, request.host);
  if (!target) return { kind: "no-such-tool" };
  if (!request.upgrade && request.url.startsWith("/.svc/")) {
    const url = new URL(request.url, "http://app.invalid");
    if (url.pathname === "/.svc/callback") return startSession(em(), target, url.searchParams.get("code") ?? "");
  }
  // A public tool answers its own preflights, like the rest of its traffic.
  if (request.preflight && (target.access === "members" || request.url.startsWith(PROTECTED_RESOURCE_PATH))) return { kind: "preflight", target };
  const origin = appOrigin(target.host);
  if (request.url.startsWith(PROTECTED_RESOURCE_PATH)) {
    const path = new URL(request.url, "http://app.invalid").pathname;
    if (path === PROTECTED_RESOURCE_PATH) return { kind: "resource-metadata", target, origin, found: true };
    if (path.startsWith(`${PROTECTED_RESOURCE_PATH}/`)) return { kind: "resource-metadata", target, origin, found: false };
  }
  const bearer = ourToken(request);
  if (target.access !== "members") return enter(target, null, null, bearer !== null);
  if (bearer !== null) {
    const answer = await identityForToken(em, bearer, target, origin);
    if (isRefusal(answer)) return { kind: "bearer-refused", target, origin, refusal: answer };
    return enter(target, answer, await assertionFor(answer, origin), true);
  }
  const identity = await identityOf(em, request.cookie, target);
  if (identity) return enter(target, identity, await assertionFor(identity, origin));
  if (request.authorization !== undefined) {
    // Not a token of ours and no app session: whatever it is, it is no credential here.
    return { kind: "bearer-refused", target, origin, refusal: INVALID_TOKEN };
  }
  if (request.upgrade) return { kind: "sign-in", target, location: null };
  if (!acceptsHtml(request.accept)) return { kind: "bearer-refused", target, origin, refusal: null };
  return { kind: "sign-in", target, location: signInLocation(request, target) };
}

/** A browser navigation asks for a page: `text/html` in Accept (fetch() and MCP clients do not). */
function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes("text/html");
}

/** The person behind the app-session cookie, if it belongs to this tool's workspace. */
async function identityOf(em: () => EntityManager, cookie: string | undefined, target: DeploymentTarget): Promise<AppIdentity | null> {
  const token = readCookie(cookie, APP_SESSION_COOKIE);
  if (!token) return null;
  const identity = cachedAppIdentity(token, target.host) ?? (await resolveAppIdentity(em, token, target.host));
  return identity && identity.tenantId === target.tenantId ? identity : null;
}

/** Only a navigation (GET, HEAD) can be sent to the dashboard and back. */
function signInLocation(request: AdmissionRequest, target: DeploymentTarget): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  return `${getConfig().baseUrl}/apps/authorize?host=${encodeURIComponent(target.host)}&return=${encodeURIComponent(request.url)}`;
}

/** `/.svc/callback?code=...`: the dashboard's one-time code becomes an app session. */
async function startSession(em: EntityManager, target: DeploymentTarget, code: string): Promise<Admission> {
  const exchanged = await exchangeCode(em, code, target.host, target.deploymentId);
  if (!exchanged) return { kind: "link-expired", target };
  const location = sameOriginPath(exchanged.returnPath, appOrigin(target.host)) ?? "/";
  return { kind: "session-started", target, sessionToken: exchanged.token, location };
}
