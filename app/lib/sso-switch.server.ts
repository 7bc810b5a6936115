import { getConfig } from "../../server/platform/config";

/** Whether this service signs anyone in by single sign-on at all (`SAML_ENABLED`, GoTrue's switch; ADR 079). */
export function ssoSwitchedOn(): boolean {
  return getConfig().SAML_ENABLED;
}
