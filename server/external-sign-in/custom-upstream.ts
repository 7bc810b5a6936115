import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY, IdentityError } from "../identity";
import { getConfig } from "../platform/config";
import { storedCustomProvider } from "./custom-providers";
import { exchangeCodeAt, upstreamJson, UpstreamError } from "./http";
import { openIdProvider } from "./openid";
import type { ProviderSettings, UpstreamProvider, UpstreamTokens } from "./providers";

/**
 * `custom:<identifier>` in the provider registry (GoTrue's loadCustomProvider): read from
 * `auth_custom_providers` on every `/authorize` and callback, so a provider an admin adds,
 * changes, disables or deletes counts at once on every instance, with no restart and no cache
 * to evict. An `oidc` one is the OpenID provider of openid.ts with the stored issuer and client;
 * an `oauth2` one is GoTrue's CustomOAuthProvider: its three URLs, the person from userinfo
 * through `attribute_mapping`.
 */
export async function customProvider(em: EntityManager, name: string): Promise<{ provider: UpstreamProvider; settings: ProviderSettings }> {
  const row = await storedCustomProvider(em, name);
  const shown = /^[a-z0-9:-]{1,64}$/.test(name) ? name : "";
  if (!row) throw new IdentityError(IDENTITY.PROVIDER_NOT_ENABLED, `Unsupported provider: custom provider ${shown} not found`);
  if (!row.enabled) throw new IdentityError(IDENTITY.PROVIDER_NOT_ENABLED, `Unsupported provider: custom provider ${shown} is disabled`);
  const settings: ProviderSettings = { enabled: true, clientId: row.client_id, secret: row.client_secret, redirectUri: `${getConfig().authUrl}/callback`, url: row.issuer ?? undefined, emailOptional: row.email_optional };
  if (row.provider_type === "oidc") return { provider: openIdProvider(name, settings), settings };
  return { provider: oauth2Provider(name, settings, row), settings };
}

interface OAuth2Endpoints {
  email_optional: boolean;
  authorization_url: string | null;
  token_url: string | null;
  userinfo_url: string | null;
  scopes: string[];
  attribute_mapping: Record<string, unknown>;
  authorization_params: Record<string, string>;
  custom_claims_allowlist: string[];
}

function oauth2Provider(name: string, settings: ProviderSettings, row: OAuth2Endpoints): UpstreamProvider {
  return {
    name,
    async authorizationUrl({ state, scopes, redirectUri }) {
      const url = new URL(row.authorization_url!);
      for (const [key, value] of Object.entries(row.authorization_params)) url.searchParams.set(key, value);
      url.searchParams.set("client_id", settings.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      // GoTrue: the request's scopes (space-separated) replace the provider's own.
      const asked = scopes.split(/[ ,]/).filter(Boolean);
      const chosen = asked.length ? asked : row.scopes;
      if (chosen.length) url.searchParams.set("scope", chosen.join(" "));
      url.searchParams.set("state", state);
      return url.href;
    },
    exchange: (code, redirectUri) => exchangeCodeAt(row.token_url!, settings, code, redirectUri),
    async person(tokens: UpstreamTokens) {
      const raw = await upstreamJson<Record<string, unknown>>(row.userinfo_url!, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new UpstreamError("userinfo: not an object");
      return personOf(raw, row.attribute_mapping, row.custom_claims_allowlist);
    },
  };
}

/**
 * GoTrue's applyAttributeMapping: a string value names the userinfo field to copy, any other
 * value is itself the value; then its Claims: `sub`, `email`, `email_verified`, the
 * names. The allow-listed raw fields go to `custom_claims`.
 */
export function personOf(raw: Record<string, unknown>, mapping: Record<string, unknown>, allowlist: string[]) {
  const claims: Record<string, unknown> = { ...raw };
  for (const [target, source] of Object.entries(mapping)) {
    if (typeof source === "string") {
      if (source in raw) claims[target] = raw[source];
    } else {
      claims[target] = source;
    }
  }
  const subject = claims.sub;
  if ((typeof subject !== "string" && typeof subject !== "number") || String(subject) === "") throw new UpstreamError("userinfo without sub");
  const email = typeof claims.email === "string" ? claims.email : "";
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const string = (key: string) => (typeof claims[key] === "string" && claims[key] !== "" ? { [key]: claims[key] } : {});
  const custom = Object.fromEntries(allowlist.filter((key) => key in raw).map((key) => [key, raw[key]]));
  const data: Record<string, unknown> = {
    sub: String(subject),
    provider_id: String(subject),
    ...(email ? { email, email_verified: verified } : {}),
    ...string("name"),
    ...(typeof claims.name === "string" && claims.name ? { full_name: claims.name } : {}),
    ...string("preferred_username"),
    ...string("picture"),
    ...(typeof claims.avatar_url === "string" ? { avatar_url: claims.avatar_url } : typeof claims.picture === "string" ? { avatar_url: claims.picture } : {}),
    ...(Object.keys(custom).length ? { custom_claims: custom } : {}),
  };
  return { subject: String(subject), emails: email ? [{ email, verified, primary: true }] : [], data };
}
