import { IDENTITY, IdentityError } from "../identity";
import { getConfig } from "../platform/config";

/** GoTrue's switch for single sign-on (`SAML_ENABLED`); OpenID connections (ADR 085) ride on it, as they share `/auth/v1/sso`. */
export function requireSamlEnabled(): void {
  if (!getConfig().SAML_ENABLED) throw new IdentityError(IDENTITY.SAML_PROVIDER_DISABLED, "SAML 2.0 is disabled");
}
