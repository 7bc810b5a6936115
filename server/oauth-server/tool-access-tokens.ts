import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { getIdentityTokenVerifier, InvalidIdentityTokenError, isSessionLive, issuer } from "../identity";

/**
 * OAuth access tokens presented to a deployed tool (issue 15 section 2, docs/decisions/039):
 * JWTs of the identity provider's key whose `aud` is the tool's resource identifier. The
 * OAuth server (which issued them) checks what is its own (signature, issuer, expiry, audience, the session the
 * grant owns); the deployments area decides who may open which tool.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The authorization server's issuer: the `iss` of every identity token, and what a tool's metadata names. */
export function authorizationServerIssuer(): string {
  return issuer();
}

export interface ToolAccessClaims {
  userId: string;
  email: string;
  /** The `auth_sessions` row the grant owns (or the sign-in's); null only from an external provider. */
  sessionId: string | null;
  scopes: ReadonlySet<string>;
  /** Seconds since the epoch. */
  exp: number;
}

/**
 * The token's claims when its signature, issuer, expiry and `aud` (exactly `resource`)
 * verify; throws InvalidIdentityTokenError otherwise. Scope is the caller's to judge (403
 * rather than 401).
 */
export async function verifyToolAccessToken(token: string, resource: string): Promise<ToolAccessClaims> {
  const claims = await getIdentityTokenVerifier().verify(token, resource);
  if (typeof claims.email !== "string") throw new InvalidIdentityTokenError("claims");
  const scopes = new Set((claims.scope ?? "").split(" ").filter(Boolean));
  return { userId: claims.sub, email: claims.email, sessionId: claims.sessionId ?? null, scopes, exp: claims.exp };
}

/**
 * Whether the token's session still counts: with the built-in provider its `auth_sessions`
 * row must be live (sign-out and a revoked grant end it, ADR 002's path); a hosted provider
 * keeps its sessions to itself, so there the signature and `exp` decide, as for cookies.
 */
export async function isToolTokenSessionLive(em: EntityManager, sessionId: string | null): Promise<boolean> {
  if (!getConfig().usesBuiltInIdentityProvider) return true;
  // A verified token is ours, but a session id that is no UUID must not reach a uuid column as a 500.
  return sessionId !== null && UUID.test(sessionId) && (await isSessionLive(em, sessionId));
}

/** The account's current address and display name (built-in provider), or null when it is gone. */
export async function accountNames(em: EntityManager, userId: string): Promise<{ email: string; displayName: string } | null> {
  if (!getConfig().usesBuiltInIdentityProvider) return null;
  const rows = await em
    .getConnection()
    .execute<{ email: string; display_name: string | null }[]>(`select email, user_metadata->>'display_name' as display_name from auth_users where id = ?`, [userId]);
  const row = rows[0];
  return row ? { email: row.email, displayName: row.display_name ?? "" } : null;
}
