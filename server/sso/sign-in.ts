import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { EXTERNAL, pkceOf } from "../external-sign-in";
import { IdentityError } from "../identity";
import { ssoAccount } from "./accounts";
import { reportConnectionTest } from "./connection-test";
import { decodedResponse, checkedPerson } from "./assertion";
import { SSO } from "./error-codes";
import { parseIdpMetadata } from "./idp-metadata";
import { landingUrl, redirectOutcome } from "./landing";
import { oidcAuthorizationUrl } from "./oidc-sign-in";
import { isUuid } from "./provider-params";
import { findProvider, findProviderByDomain, findProviderByEntityId, type StoredProvider } from "./providers";
import { createRelayState, takeRelayState } from "./relay-state";
import { authnRequestUrl, RELAY_STATE_SECONDS } from "./service-provider";
import { requireSamlEnabled } from "./sso-switch";

/**
 * GoTrue's SAML sign-in (internal/api/sso.go, samlacs.go; ADR 079):
 * - `POST /auth/v1/sso` (auth-js `signInWithSSO`) finds the provider by `provider_id` or
 *   `domain`, writes a relay state (the AuthnRequest's ID, `redirect_to`, PKCE) and answers the
 *   IdP's URL, as `{ url }` or a 303;
 * - the ACS takes the relay state once (SP-initiated) or, with no RelayState or a URL one,
 *   finds the provider by the response's Issuer (IdP-initiated, InResponseTo then absent),
 *   checks the response, finds or makes the account, and sends the browser to `redirect_to`
 *   (allow-list checked, else the site URL) with `?code=` for PKCE or the session in the
 *   fragment. A refusal goes to the site URL with GoTrue's error query (303), nothing written.
 */
export { requireSamlEnabled };

const str = (value: unknown): string => (typeof value === "string" ? value : "");

export async function startSso(em: EntityManager, body: Record<string, unknown>): Promise<{ url: string; redirect: boolean }> {
  requireSamlEnabled();
  const providerId = str(body.provider_id);
  const domain = str(body.domain);
  if (body.provider_id !== undefined && body.provider_id !== null && body.provider_id !== "" && !isUuid(providerId)) throw new IdentityError(SSO.VALIDATION_FAILED, "provider_id must be a UUID");
  if (providerId && domain) throw new IdentityError(SSO.VALIDATION_FAILED, "Only one of provider_id or domain supported");
  if (!providerId && !domain) throw new IdentityError(SSO.VALIDATION_FAILED, "A provider_id or domain needs to be provided");
  const provider = providerId ? await findProvider(em, providerId) : await findProviderByDomain(em, domain);
  if (!provider) throw new IdentityError(SSO.PROVIDER_NOT_FOUND, providerId ? "No such SSO provider" : "No SSO provider assigned for this domain");
  if (provider.disabled) throw new IdentityError(SSO.PROVIDER_DISABLED, "SSO Provider is currently disabled");
  const pkce = pkceOf(str(body.code_challenge) || null, str(body.code_challenge_method) || null);
  if (provider.type === "oidc") {
    const url = await oidcAuthorizationUrl(em, provider, { redirectTo: str(body.redirect_to), ...pkce }).catch((error: unknown) => {
      if (error instanceof IdentityError) throw error;
      throw new IdentityError(EXTERNAL.UPSTREAM_FAILURE, "Error getting provider's authorization URL");
    });
    return { url, redirect: body.skip_http_redirect !== true };
  }
  const idp = parseIdpMetadata(provider.metadata_xml ?? "");
  const relayStateId = randomUUID();
  const { url, requestId } = await authnRequestUrl(idp, provider.name_id_format, relayStateId);
  await createRelayState(em, { providerId: provider.id, requestId, redirectTo: str(body.redirect_to), ...pkce, seconds: RELAY_STATE_SECONDS }, relayStateId);
  return { url, redirect: body.skip_http_redirect !== true };
}

/** The ACS: always a redirect, to `redirect_to` (302) or, refused, to the site URL with the error (303). */
export async function finishSso(em: EntityManager, form: Record<string, string>): Promise<{ status: 302 | 303; location: string }> {
  return redirectOutcome(() => acs(em, form));
}

async function acs(em: EntityManager, form: Record<string, string>): Promise<string> {
  requireSamlEnabled();
  const relayState = form.RelayState ?? "";
  const samlResponse = form.SAMLResponse ?? "";
  let provider: StoredProvider | null;
  let requestId: string | null = null;
  let redirectTo = "";
  let testFor: string | null = null;
  let pkce: { codeChallenge: string | null; codeChallengeMethod: string | null } = { codeChallenge: null, codeChallengeMethod: null };
  if (isUuid(relayState)) {
    const state = await takeRelayState(em, relayState);
    const own = await findProvider(em, state.provider_id);
    if (own?.disabled) throw new IdentityError(SSO.PROVIDER_DISABLED, "SSO Provider assigned for this domain is currently disabled");
    provider = own;
    requestId = state.request_id;
    testFor = state.test_for_user ?? null;
    redirectTo = state.redirect_to;
    pkce = { codeChallenge: state.code_challenge, codeChallengeMethod: state.code_challenge_method };
  } else if (relayState === "" || isUrl(relayState)) {
    if (form.SAMLart) throw new IdentityError(SSO.VALIDATION_FAILED, "SAML Artifact response can only be used with SP initiated flow");
    const { issuer } = decodedResponse(samlResponse);
    provider = issuer ? await findProviderByEntityId(em, issuer) : null;
    redirectTo = relayState;
  } else {
    throw new IdentityError(SSO.VALIDATION_FAILED, "SAML RelayState is not a valid UUID or URL");
  }
  if (!provider || provider.type !== "saml") throw new IdentityError(SSO.IDP_NOT_FOUND, "A SAML connection has not been established with this Identity Provider");
  if (provider.disabled) throw new IdentityError(SSO.PROVIDER_DISABLED, "SSO Provider assigned for this domain is currently disabled");
  if (testFor) return reportConnectionTest(em, provider, samlResponse, requestId, testFor);
  const person = await checkedPerson(parseIdpMetadata(provider.metadata_xml ?? ""), samlResponse, requestId, provider.attribute_mapping ?? {});
  const providerName = `sso:${provider.id}`;
  const userId = await ssoAccount(em, provider, { ...person, issuer: provider.entity_id ?? "" });
  return landingUrl(em, providerName, userId, redirectTo, pkce);
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
