import { IdentityError } from "../identity";
import { upstreamJson, upstreamTimeoutMs } from "./http";
import { discoverIssuer, type DiscoveredIssuer } from "./oidc-discovery";
import { EXTERNAL } from "./error-codes";

/**
 * GoTrue's fetchAndValidateDiscovery: a custom OpenID provider's discovery document is fetched
 * when it is created (or its issuer or discovery_url changes), before anything is stored, so a
 * misconfigured issuer is the admin's 400 and not a failed sign-in later. The document must
 * name the same issuer and carry the endpoints a sign-in needs.
 */
export async function discoveryOf(issuer: string, discoveryUrl: string | null): Promise<DiscoveredIssuer> {
  const from = discoveryUrl || `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let document: DiscoveredIssuer;
  try {
    document = discoveryUrl ? await upstreamJson<DiscoveredIssuer>(discoveryUrl) : await discoverIssuer(issuer.replace(/\/+$/, ""), { timeoutMs: upstreamTimeoutMs() });
  } catch (error) {
    throw new IdentityError(EXTERNAL.CUSTOM_PROVIDER_INVALID, `OIDC discovery from ${JSON.stringify(from)} failed: ${error instanceof Error ? error.message : "unreachable"}`);
  }
  if (typeof document !== "object" || document === null) throw new IdentityError(EXTERNAL.CUSTOM_PROVIDER_INVALID, `OIDC discovery from ${JSON.stringify(from)} failed: not a JSON object`);
  if (discoveryUrl && document.issuer !== issuer) {
    throw new IdentityError(EXTERNAL.CUSTOM_PROVIDER_INVALID, `OIDC discovery from ${JSON.stringify(from)} failed: issuer did not match the issuer returned by provider, expected ${JSON.stringify(issuer)} got ${JSON.stringify(document.issuer)}`);
  }
  const missing = (["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"] as const).filter((field) => typeof document[field] !== "string" || document[field] === "");
  if (missing.length) throw new IdentityError(EXTERNAL.CUSTOM_PROVIDER_INVALID, `OIDC discovery document is missing required fields: ${missing.join(", ")}`);
  const { authorization_endpoint, token_endpoint, userinfo_endpoint, jwks_uri } = document;
  return { issuer: document.issuer, authorization_endpoint, token_endpoint, ...(typeof userinfo_endpoint === "string" ? { userinfo_endpoint } : {}), jwks_uri };
}
