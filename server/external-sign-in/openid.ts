import { createHash } from "node:crypto";
import { discoverIssuer } from "./oidc-discovery";
import { verifyIdToken } from "./id-token";
import { upstreamJson, upstreamTimeoutMs, UpstreamError } from "./http";
import type { ProviderSettings, UpstreamPerson, UpstreamProvider, UpstreamTokens } from "./providers";

/**
 * An OpenID provider: Google (issuer https://accounts.google.com, or EXTERNAL_GOOGLE_URL) and
 * `keycloak`, GoTrue's generic one (its issuer is EXTERNAL_KEYCLOAK_URL; any issuer with
 * discovery, not only Keycloak's paths). The endpoints come from the issuer's discovery
 * document, the person from the ID token verified against the issuer's keys (audience: the
 * client id, the `nonce` sent with the browser) and then userinfo, as GoTrue's google.go.
 */
/** The issuers of the OpenID providers: Google's own unless EXTERNAL_GOOGLE_URL says otherwise; `keycloak`'s is its setting. */
export const OPENID_DEFAULT_ISSUERS: Record<string, string | null> = { google: "https://accounts.google.com", keycloak: null };

export function openIdIssuer(name: string, settings: ProviderSettings): string {
  return (settings.url ?? OPENID_DEFAULT_ISSUERS[name] ?? "").replace(/\/+$/, "");
}

export function discoveredIssuer(issuer: string) {
  return discoverIssuer(issuer, { timeoutMs: upstreamTimeoutMs() }).catch((error: unknown) => {
    throw new UpstreamError(`discovery: ${error instanceof Error ? error.message : "failed"}`);
  });
}

export function openIdProvider(name: string, settings: ProviderSettings): UpstreamProvider {
  const issuer = openIdIssuer(name, settings);
  const discovered = () => discoveredIssuer(issuer);
  return {
    name,
    async authorizationUrl({ state, scopes, nonce, redirectUri }) {
      const document = await discovered();
      const url = new URL(document.authorization_endpoint);
      url.searchParams.set("client_id", settings.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", ["openid", "email", "profile", ...scopes.split(/[ ,]/).filter(Boolean)].join(" "));
      url.searchParams.set("state", state);
      // GoTrue's rule (token_oidc.go): the provider is given the nonce's SHA-256 in hex, which the
      // ID token then carries; verifyIdToken is given the nonce itself and compares the hash.
      url.searchParams.set("nonce", createHash("sha256").update(nonce).digest("hex"));
      return url.href;
    },
    async exchange(code, redirectUri) {
      const document = await discovered();
      const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: settings.clientId, client_secret: settings.secret });
      const answer = await upstreamJson<{ access_token?: string; refresh_token?: string; id_token?: string }>(document.token_endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      if (!answer.access_token) throw new UpstreamError("token exchange: no access_token");
      return { accessToken: answer.access_token, refreshToken: answer.refresh_token, idToken: answer.id_token };
    },
    async person(tokens: UpstreamTokens, nonce: string) {
      const document = await discovered();
      if (!tokens.idToken) throw new UpstreamError("token exchange: no id_token");
      const claims = await verifyIdToken(tokens.idToken, { issuer: document.issuer, jwksUri: document.jwks_uri, audience: settings.clientId, nonce, timeoutMs: upstreamTimeoutMs() }).catch((error: unknown) => {
        throw new UpstreamError(error instanceof Error ? error.message : "bad ID token");
      });
      const userinfo = document.userinfo_endpoint
        ? await upstreamJson<Record<string, unknown>>(document.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.accessToken}` } })
        : {};
      // userinfo speaks for the same person only: a different `sub` is ignored.
      const info = userinfo.sub === claims.sub ? userinfo : {};
      return personOfClaims(document.issuer, { ...claims, ...info });
    },
  };
}

/** The person an OpenID provider's claims describe (GoTrue's Claims of its OIDC providers). */
export function personOfClaims(issuer: string, merged: Record<string, unknown>): UpstreamPerson {
  const subject = String(merged.sub ?? "");
  if (!subject) throw new UpstreamError("ID token without sub");
  const email = typeof merged.email === "string" ? merged.email : "";
  const verified = merged.email_verified === true || merged.email_verified === "true";
  const data: Record<string, unknown> = {
    iss: issuer,
    sub: subject,
    provider_id: subject,
    ...(email ? { email, email_verified: verified } : {}),
    ...(typeof merged.name === "string" ? { name: merged.name, full_name: merged.name } : {}),
    ...(typeof merged.picture === "string" ? { picture: merged.picture, avatar_url: merged.picture } : {}),
    ...(typeof merged.preferred_username === "string" ? { preferred_username: merged.preferred_username } : {}),
  };
  return { subject, emails: email ? [{ email, verified, primary: true }] : [], data };
}
