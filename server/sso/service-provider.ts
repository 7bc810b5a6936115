import { SAML, ValidateInResponseTo, generateServiceProviderMetadata, type CacheProvider } from "@node-saml/node-saml";
import { getConfig } from "../platform/config";
import type { IdpMetadata } from "./idp-metadata";

/**
 * This service as a SAML service provider, GoTrue's newSAMLServiceProvider (internal/api/saml.go):
 * the base is `{AUTH_URL}/sso/`, so the entity ID is the metadata URL
 * `{AUTH_URL}/sso/saml/metadata` and the assertion consumer service `{AUTH_URL}/sso/saml/acs`;
 * the NameID asked for is persistent. The checks of a response are node-saml's (ADR 079): the
 * signature over the response or the assertion by the provider's registered certificate (the
 * verified XML only is read, so wrapped copies are never what is processed), one assertion,
 * Audience, the time conditions with CLOCK_SKEW_MS, InResponseTo against the one request this
 * sign-in made. Recipient, Destination, Issuer and replay are checked after it (assertion.ts).
 */
export const CLOCK_SKEW_MS = 60_000;
/** GoTrue's RelayStateValidityPeriod default: an SP-initiated sign-in finishes within 2 minutes. */
export const RELAY_STATE_SECONDS = 120;
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const EMAIL_ADDRESS = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

export function serviceProviderUrls(): { entityId: string; acsUrl: string } {
  const base = `${getConfig().authUrl}/sso/saml`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs` };
}

/** node-saml's request-ID cache, holding only the request this sign-in made (or none, IdP-initiated). */
function oneRequestCache(requestId: string | null, onSave?: (id: string) => void): CacheProvider {
  const saved = new Map<string, string>();
  if (requestId) saved.set(requestId, new Date().toISOString());
  return {
    saveAsync: async (key, value) => {
      saved.set(key, value);
      onSave?.(key);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => saved.get(key) ?? null,
    removeAsync: async (key) => {
      const value = key ? (saved.get(key) ?? null) : null;
      if (key) saved.delete(key);
      return value;
    },
  };
}

function samlFor(idp: IdpMetadata, nameIdFormat: string | null, cache: CacheProvider, spInitiated: boolean): SAML {
  const { entityId, acsUrl } = serviceProviderUrls();
  return new SAML({
    issuer: entityId,
    callbackUrl: acsUrl,
    audience: entityId,
    entryPoint: idp.ssoUrl,
    idpCert: idp.signingCertificates,
    idpIssuer: idp.entityId,
    identifierFormat: nameIdFormat ?? PERSISTENT,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: spInitiated ? ValidateInResponseTo.always : ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: RELAY_STATE_SECONDS * 1000,
    cacheProvider: cache,
    disableRequestedAuthnContext: true,
  });
}

/** The AuthnRequest's redirect URL (HTTP-Redirect binding) and its ID, for InResponseTo. */
export async function authnRequestUrl(idp: IdpMetadata, nameIdFormat: string | null, relayState: string): Promise<{ url: string; requestId: string }> {
  let requestId = "";
  const saml = samlFor(idp, nameIdFormat, oneRequestCache(null, (id) => (requestId = id)), true);
  const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId };
}

/** node-saml's checks of a posted response; throws on any failure. `requestId` null: IdP-initiated. */
export async function checkedResponse(idp: IdpMetadata, samlResponse: string, requestId: string | null) {
  const saml = samlFor(idp, null, oneRequestCache(requestId), requestId !== null);
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error("no assertion in the response");
  return profile;
}

/** GoTrue's SAMLMetadata: our SP descriptor; `?download=true` adds validUntil five years on. */
export function serviceProviderMetadata(download: boolean): string {
  const { entityId, acsUrl } = serviceProviderUrls();
  let xml = generateServiceProviderMetadata({ issuer: entityId, callbackUrl: acsUrl, identifierFormat: PERSISTENT, wantAssertionsSigned: true });
  // GoTrue offers both formats it reads a user from (saml.go: EmailAddress, Persistent).
  xml = xml.replace(`<NameIDFormat>${PERSISTENT}</NameIDFormat>`, `<NameIDFormat>${EMAIL_ADDRESS}</NameIDFormat>\n    <NameIDFormat>${PERSISTENT}</NameIDFormat>`);
  if (download) {
    const validUntil = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000).toISOString();
    xml = xml.replace(/<EntityDescriptor\b/, `<EntityDescriptor validUntil="${validUntil}"`);
  }
  return xml;
}
