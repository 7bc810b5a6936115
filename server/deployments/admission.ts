import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { sameOriginPath } from "../platform/security/same-origin-path";
import { readCookie } from "../identity";
import { APP_SESSION_COOKIE, cachedAppIdentity, exchangeCode, resolveAppIdentity, type AppIdentity } from "./app-sessions";
import { assertionFor, cachedAssertion } from "./assertion";
import { cachedDeploymentByHost, findDeploymentByHost, type DeploymentTarget } from "./deployment-lookup";

/**
 * Who may enter a deployed tool (issue 8, docs/decisions/030), decided once per request for
 * the app-proxy, which then only pipes: the deployment's `access` (`public`: anyone;
 * `members`: a person with an app session of that workspace, whose membership and role the
 * session carries), and the handshake that starts an app session (`/.svc/callback`). A
 * bearer token for tools called by programs would be one more branch here.
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
  /** A WebSocket upgrade: no handshake and no redirect, a refusal is a status. */
  upgrade?: boolean;
}

export type Admission =
  /** Forward, with these identity headers (none for a public tool). */
  | { kind: "enter"; target: DeploymentTarget; identity: AppIdentity | null; assertion: string | null }
  /** No deployment at this host. */
  | { kind: "no-such-tool" }
  /** No app session: a navigation is sent to `location` to sign in; anything else (location null) is refused. */
  | { kind: "sign-in"; target: DeploymentTarget; location: string | null }
  /** The handshake succeeded: set the app-session cookie to `sessionToken` and go to `location`. */
  | { kind: "session-started"; target: DeploymentTarget; sessionToken: string; location: string }
  /** The handshake's one-time code was unknown, used or expired. */
  | { kind: "link-expired"; target: DeploymentTarget };

/** Opened only when a lookup misses its cache. */
export type OpenEm = () => Promise<() => EntityManager>;

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

function enter(target: DeploymentTarget, identity: AppIdentity | null, assertion: string | null): Admission {
  return { kind: "enter", target, identity, assertion };
}

/** Decides one request to a tool's host. */
export function admitToTool(request: AdmissionRequest, openEm: OpenEm): Admission | Promise<Admission> {
  const target = cachedDeploymentByHost(request.host.toLowerCase());
  if (target && !request.url.startsWith("/.svc/")) {
    if (target.access === "public") return enter(target, null, null);
    const token = readCookie(request.cookie, APP_SESSION_COOKIE);
    const identity = token ? cachedAppIdentity(token, target.host) : undefined;
    const assertion = identity && identity.tenantId === target.tenantId ? cachedAssertion(identity, appOrigin(target.host)) : undefined;
    if (identity && assertion) return enter(target, identity, assertion);
  }
  return admitSlowly(request, openEm);
}

async function admitSlowly(request: AdmissionRequest, openEm: OpenEm): Promise<Admission> {
  const em = await openEm();
  const target = await findDeploymentByHost(em, request.host);
  if (!target) return { kind: "no-such-tool" };
  if (!request.upgrade && request.url.startsWith("/.svc/")) {
    const url = new URL(request.url, "http://app.invalid");
    if (url.pathname === "/.svc/callback") return startSession(em(), target, url.searchParams.get("code") ?? "");
  }
  if (target.access !== "members") return enter(target, null, null);
  const identity = await identityOf(em, request.cookie, target);
  if (!identity) return { kind: "sign-in", target, location: request.upgrade ? null : signInLocation(request, target) };
  return enter(target, identity, await assertionFor(identity, appOrigin(target.host)));
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
