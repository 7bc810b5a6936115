import { IDENTITY } from "../../server/identity";
import { IdentityError } from "../../server/identity";

/**
 * GoTrue's own answers for sign-in ways the built-in provider does not have (SAML single
 * sign-on), as a GoTrue with them switched off gives them: auth-js shows
 * its `msg`, never a bare 404.
 */

export function samlDisabled(): never {
  throw new IdentityError(IDENTITY.SAML_PROVIDER_DISABLED, "SAML 2.0 is disabled");
}
