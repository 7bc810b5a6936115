import type { EntityManager } from "@mikro-orm/postgresql";
import { sha256Base64url } from "../platform/crypto/sha256";
import { isListening } from "../platform/db/notifications";
import { serviceUnavailable } from "../platform/errors";
import { InvalidIdentityTokenError, looksLikeJwt } from "../identity";
import { TOOLS_SCOPE, accountNames, authorizationServerIssuer, isToolTokenSessionLive, verifyToolAccessToken } from "../oauth-server";
import { membershipRole } from "../tenants";
import { passesSsoRule, readSsoRule, SSO_REQUIRED_MESSAGE } from "../members";
import { identities, type AppIdentity } from "./app-identities";
import type { DeploymentTarget } from "./deployment-lookup";
import { TOOL_ACCESS } from "./error-codes";

/**
 * A deployed tool as an OAuth protected resource (issue 15 section 2, docs/decisions/039):
 * `Authorization: Bearer <access token>` instead of the browser handshake. The token must
 * name this tool (`aud` = its resource identifier), carry the `tools` scope, live by a live
 * session (its grant's), and belong to a member of the tool's workspace. What it resolves to
 * is an AppIdentity in the same cache as app sessions, evicted by the same NOTIFY rows.
 */

const CACHE_MS = 30_000;
const KEY_PREFIX = "token|";
/** RFC 6750 section 2.1: `Bearer` and one token68, nothing else. */
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/** The token of an `Authorization: Bearer` header, or null for any other value. */
export function bearerToken(authorization: string): string | null {
  const match = BEARER.exec(authorization);
  return match ? match[1]! : null;
}

const resources = new Map<string, string>();
/**
 * A tool's resource identifier (RFC 8707/9728): its origin as `new URL(origin).href` spells
 * it, with the trailing `/` MCP clients send. `aud` is compared with exactly this.
 */
export function toolResource(origin: string): string {
  let resource = resources.get(origin);
  if (resource === undefined) {
    resource = new URL(origin).href;
    if (resources.size > 10_000) resources.clear();
    resources.set(origin, resource);
  }
  return resource;
}

/**
 * Whether a bearer token claims to be one of ours (a JWT whose `iss` is our issuer), read
 * without verifying: such a token is never passed to a tool, whatever else happens to it.
 * Anything else in Authorization is the tool's own business.
 */
export function claimsToBeOurs(token: string): boolean {
  if (!looksLikeJwt(token)) return false;
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { iss?: unknown };
    return payload.iss === authorizationServerIssuer();
  } catch {
    return false;
  }
}

/** The cached identity behind a token for this host, without I/O; undefined when unknown. */
export function cachedTokenIdentity(token: string, host: string): AppIdentity | undefined {
  const identity = identities.get(KEY_PREFIX + sha256Base64url(token));
  return identity && identity.host === host ? identity : undefined;
}

export type TokenRefusal = {
  status: 401 | 403;
  /** RFC 6750's code for WWW-Authenticate, or `access_denied` (a member's matter, not a token's). */
  error: typeof TOOL_ACCESS.INVALID_TOKEN.code | typeof TOOL_ACCESS.INSUFFICIENT_SCOPE.code | typeof TOOL_ACCESS.ACCESS_DENIED.code;
  description: string;
};

/** A refusal of the catalog's entry, with its status. */
const refusal = (entry: (typeof TOOL_ACCESS)["INVALID_TOKEN" | "INSUFFICIENT_SCOPE" | "ACCESS_DENIED"], description: string): TokenRefusal => ({
  status: entry.status as TokenRefusal["status"],
  error: entry.code,
  description,
});

/** A token that did not verify (or is none of ours and no app session stood beside it). */
export const INVALID_TOKEN: TokenRefusal = refusal(TOOL_ACCESS.INVALID_TOKEN, "The access token is invalid, expired, or for another resource.");

/** The person behind an access token at this tool, or why not. */
export async function identityForToken(em: () => EntityManager, token: string, target: DeploymentTarget, origin: string): Promise<AppIdentity | TokenRefusal> {
  const cached = cachedTokenIdentity(token, target.host);
  if (cached) return cached;
  let claims;
  try {
    claims = await verifyToolAccessToken(token, toolResource(origin));
  } catch (error) {
    if (error instanceof InvalidIdentityTokenError && error.reason === "jwks_unavailable") throw serviceUnavailable(error);
    return INVALID_TOKEN;
  }
  if (!claims.scopes.has(TOOLS_SCOPE)) return refusal(TOOL_ACCESS.INSUFFICIENT_SCOPE, `The access token lacks the "${TOOLS_SCOPE}" scope.`);
  if (!(await isToolTokenSessionLive(em(), claims.sessionId))) return refusal(TOOL_ACCESS.INVALID_TOKEN, "The access token's grant has ended.");
  const role = await membershipRole(em(), target.tenantId, claims.userId);
  if (!role) return refusal(TOOL_ACCESS.ACCESS_DENIED, `${claims.email} is not a member of the workspace that runs ${target.name}.`);
  // A grant acts as the session that approved it, whose SSO provider it carries (ADR 086).
  const ssoCaller = { kind: "session" as const, email: claims.email, sessionId: claims.sessionId };
  if (!(await passesSsoRule(em(), target.tenantId, role, await readSsoRule(em(), target.tenantId), ssoCaller))) return refusal(TOOL_ACCESS.ACCESS_DENIED, SSO_REQUIRED_MESSAGE);
  const names = await accountNames(em(), claims.userId);
  const key = sha256Base64url(token);
  const identity: AppIdentity = {
    appSessionId: `token:${key}`,
    userId: claims.userId,
    email: names?.email ?? claims.email,
    displayName: names?.displayName ?? "",
    tenantId: target.tenantId,
    role,
    host: target.host,
    dashboardSessionId: claims.sessionId,
  };
  if (isListening()) identities.put(KEY_PREFIX + key, identity, Math.min(Date.now() + CACHE_MS, claims.exp * 1000));
  return identity;
}

export function isRefusal(answer: AppIdentity | TokenRefusal): answer is TokenRefusal {
  return "status" in answer;
}
