import { getConfig } from "../platform/config";
import { BUILT_IN_PROVIDERS, enabledProvider } from "./providers";

/**
 * GoTrue's `GET /settings`: which sign-ins this provider offers. Every provider GoTrue names
 * is listed; `email` is on, `anonymous_users` follows ANONYMOUS_SIGN_IN, phone and the
 * providers not built here are off, github, google and keycloak as configured.
 */
const GOTRUE_EXTERNAL = [
  "anonymous_users", "apple", "azure", "bitbucket", "discord", "email", "facebook", "figma", "fly", "github", "gitlab", "google", "keycloak", "kakao",
  "linkedin_oidc", "notion", "phone", "slack", "slack_oidc", "spotify", "twitch", "twitter", "workos", "x", "zoom",
];

export function externalSettings(): { external: Record<string, boolean>; disable_signup: boolean; mailer_autoconfirm: boolean; phone_autoconfirm: boolean; sms_provider: string; saml_enabled: boolean } {
  const config = getConfig();
  const external = Object.fromEntries(GOTRUE_EXTERNAL.map((name) => [name, false]));
  external.email = true;
  external.anonymous_users = config.ANONYMOUS_SIGN_IN;
  for (const name of BUILT_IN_PROVIDERS) external[name] = enabledProvider(name) !== null;
  return { external, disable_signup: false, mailer_autoconfirm: config.MAILER_AUTOCONFIRM, phone_autoconfirm: false, sms_provider: "", saml_enabled: config.SAML_ENABLED };
}
