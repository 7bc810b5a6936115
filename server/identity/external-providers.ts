import { IDENTITY } from "./error-codes";
import { IdentityError } from "./provider-types";

/**
 * GoTrue's `GET /authorize?provider=…` (auth-js `signInWithOAuth`) starts a sign-in with an
 * external provider. The built-in provider has none, so each gets GoTrue's answer for a
 * provider it knows but that is not enabled, or for a name it does not know, never a page
 * or a 404. A name is echoed only when it looks like one.
 */
const GOTRUE_PROVIDERS = new Set([
  "apple", "azure", "bitbucket", "discord", "facebook", "figma", "fly", "github", "gitlab", "google", "kakao", "keycloak",
  "linkedin", "linkedin_oidc", "notion", "slack", "slack_oidc", "spotify", "twitch", "twitter", "workos", "x", "zoom",
]);

export function refuseProviderSignIn(provider: string): never {
  if (GOTRUE_PROVIDERS.has(provider)) throw new IdentityError(IDENTITY.PROVIDER_NOT_ENABLED, "Unsupported provider: provider is not enabled");
  const name = /^[a-z0-9_:-]{1,64}$/i.test(provider) ? `${provider} ` : "";
  throw new IdentityError(IDENTITY.PROVIDER_NOT_ENABLED, `Unsupported provider: Provider ${name}could not be found`);
}
