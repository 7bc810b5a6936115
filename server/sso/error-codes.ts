/**
 * The single sign-on area's GoTrue `error_code`s (issue 32, ADR 079): the admin API
 * (`/auth/v1/admin/sso/providers`), `POST /auth/v1/sso`, and the ACS, whose refusals go to the
 * site URL as `error`, `error_code` and `error_description` (GoTrue's SamlAcs). Listed in the
 * catalog by server/start/error-catalog.ts.
 */
import { errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

export const SSO = {
  VALIDATION_FAILED: errorEntry("validation_failed", 400, "identity", "A request GoTrue's SSO rules refuse: a type other than `saml`, both or neither of `metadata_xml` and `metadata_url`, metadata that is not SAML or has no `IDPSSODescriptor`, both or neither of `provider_id` and `domain`, half of PKCE; at the ACS a `SAMLResponse` that is missing, not Base64 or not XML, or an assertion that is not valid (signature, audience, recipient, destination, InResponseTo, time, replay); an OpenID connection (ADR 085) missing `issuer`, `client_id` or `client_secret`, with SAML's fields, or mapping a group to a role other than `member` or `viewer`; at its callback an ID token that is not valid (signature, issuer, audience, expiry, nonce)."),
  PROVIDER_NOT_FOUND: errorEntry("sso_provider_not_found", 404, "identity", "No SSO provider with this id, or none for this domain."),
  PROVIDER_DISABLED: errorEntry("sso_provider_disabled", 404, "identity", "The SSO provider is disabled (`disabled: true`)."),
  IDP_ALREADY_EXISTS: errorEntry("saml_idp_already_exists", 422, "identity", "`POST /auth/v1/admin/sso/providers` with metadata whose EntityID another provider has: nothing is written."),
  DOMAIN_ALREADY_EXISTS: errorEntry("sso_domain_already_exists", 400, "identity", "A domain another SSO provider has: nothing is written."),
  ENTITY_ID_MISMATCH: errorEntry("saml_entity_id_mismatch", 400, "identity", "`PUT` of metadata whose EntityID is not the provider's."),
  METADATA_FETCH_FAILED: errorEntry("saml_metadata_fetch_failed", 400, "identity", "`metadata_url` answered other than 200."),
  RELAY_STATE_NOT_FOUND: errorEntry("saml_relay_state_not_found", 404, "identity", "The ACS with a RelayState that is unknown or already used."),
  RELAY_STATE_EXPIRED: errorEntry("saml_relay_state_expired", 422, "identity", "The ACS with a RelayState older than its validity (2 minutes)."),
  IDP_NOT_FOUND: errorEntry("saml_idp_not_found", 404, "identity", "The ACS with an assertion whose issuer is no registered provider."),
  NO_USER_ID: errorEntry("saml_assertion_no_user_id", 400, "identity", "An assertion with neither a persistent NameID nor a `subject-id` attribute."),
  NO_EMAIL: errorEntry("saml_assertion_no_email", 400, "identity", "An assertion, or an OpenID connection's ID token and userinfo, without an email address."),
  EMAIL_EXISTS: errorEntry("email_exists", 422, "identity", "An assertion or ID token naming an address another account has, outside the provider's domains (and, for a workspace's provider, neither provisioned by its SCIM nor on a domain it verified): no account is linked or made (ADR 079, ADR 085)."),
  CONFLICT: errorEntry("conflict", 422, "identity", "A change to an SSO provider that raced another writer."),
} as const;

/** A workspace owner's own single sign-on (ADR 086): its `{ message, code }` errors. */
export const WORKSPACE_SSO_CODES = {
  SSO_DOMAIN_NOT_VERIFIED: errorEntry("SSO_DOMAIN_NOT_VERIFIED", 400, "message", "A workspace's identity provider listing a domain the workspace has not verified: nothing is written."),
  SSO_TEST_UNAVAILABLE: errorEntry("SSO_TEST_UNAVAILABLE", 409, "message", "Testing a disabled provider's connection: enable it first."),
} as const;

export const SSO_ERROR_CODES: AreaErrorCodes = {
  area: "sso",
  // The second group: a workspace owner's own single sign-on (ADR 086), `{ message, code }` bodies.
  groups: [
    { group: "Identity provider: single sign-on", entries: SSO },
    { group: SERVICE_ERRORS, entries: WORKSPACE_SSO_CODES },
  ],
};
