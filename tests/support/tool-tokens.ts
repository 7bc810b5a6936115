import { randomUUID } from "node:crypto";
import { decodeJwt } from "jose";
import { signBuiltIn } from "./built-in-keys";
import { api, type TestUser } from "./http";

/**
 * OAuth access tokens for a deployed tool, in the exact shape issue 15's contract gives the
 * authorization server's (iss, sub, one `aud`, client_id, scope, iat, exp, jti, email,
 * session_id), minted with the built-in provider's key. `session_id` is a real session: the
 * person signs in with their password first, so signing that session out is a real revocation.
 */
export interface ToolTokens {
  /** The password sign-in's access token (to sign that session out with). */
  sessionAccessToken: string;
  sessionId: string;
  mint(overrides?: { audience?: string | string[]; scope?: string | null; expSeconds?: number; iatSeconds?: number; sessionId?: string }): Promise<string>;
}

export async function toolTokensFor(service: { url: string; dataDir: string }, person: TestUser, resource: string): Promise<ToolTokens> {
  const signIn = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: person.password } });
  if (signIn.status !== 200) throw new Error(`password sign-in failed: ${signIn.status} ${signIn.text}`);
  const sessionAccessToken: string = signIn.body.access_token;
  const sessionId = String(decodeJwt(sessionAccessToken).session_id);
  return {
    sessionAccessToken,
    sessionId,
    mint(overrides = {}) {
      const now = Math.floor(Date.now() / 1000);
      const scope = overrides.scope === undefined ? "tools" : overrides.scope;
      return signBuiltIn(
        service.dataDir,
        { sub: person.userId, email: person.email, client_id: "https://client.example/mcp.json", ...(scope === null ? {} : { scope }), jti: randomUUID(), session_id: overrides.sessionId ?? sessionId },
        { issuer: `${service.url}/auth/v1`, iatSeconds: overrides.iatSeconds ?? now, expSeconds: overrides.expSeconds ?? now + 3600, audience: overrides.audience ?? resource },
      );
    },
  };
}

/** Signs the token's session out (GoTrue's local logout), as the person or a revoked grant would end it. */
export async function signOutSession(service: { url: string }, tokens: ToolTokens): Promise<void> {
  const res = await api(service, "/auth/v1/logout?scope=local", { method: "POST", headers: { authorization: `Bearer ${tokens.sessionAccessToken}` } });
  if (res.status !== 204) throw new Error(`logout failed: ${res.status} ${res.text}`);
}
