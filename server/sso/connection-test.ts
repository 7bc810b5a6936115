import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../platform/errors";
import { getConfig } from "../platform/config";
import { checkedPerson } from "./assertion";
import { parseIdpMetadata } from "./idp-metadata";
import { createRelayState } from "./relay-state";
import { authnRequestUrl, RELAY_STATE_SECONDS } from "./service-provider";
import { WORKSPACE_SSO_CODES } from "./error-codes";
import { PROVIDER_NOT_FOUND_MESSAGE, type TestReport } from "./workspace-schemas";
import { oidcAuthorizationUrl } from "./oidc-sign-in";
import { findProvider, type StoredProvider } from "./providers";
import { refusalReport, reportOfPerson, saveTestReport, TEST_PAGE } from "./test-reports";

/**
 * "Test the connection" (issue 32 item 3, ADR 086): the owner signs in through the provider in
 * a mode that changes nothing. The relay state is flagged with the owner (`test_for_user`);
 * the ACS (SAML) or the OpenID callback, seeing the flag, verifies the sign-in fully (SAML:
 * signature, audience, recipient, InResponseTo, time; OpenID: code exchange, ID token
 * signature, iss, aud, exp, nonce, userinfo) and writes only the report (test-reports.ts),
 * never an account, a membership, a session or the assertion's use, then sends the browser
 * back to the page.
 */
export async function startConnectionTest(em: EntityManager, tenantId: string, userId: string, providerId: string): Promise<{ url: string }> {
  const [provider] = await em.getConnection().execute<{ id: string; type: string; disabled: boolean; metadata_xml: string | null; name_id_format: string | null }[]>(
    `select id, type, disabled, metadata_xml, name_id_format from sso_providers where id = ? and tenant_id = ?`,
    [providerId, tenantId],
  );
  if (!provider) throw new AppError("NOT_FOUND", PROVIDER_NOT_FOUND_MESSAGE);
  if (provider.disabled) throw new AppError("CONFLICT", "This provider is disabled: enable it before testing the connection.", { code: WORKSPACE_SSO_CODES.SSO_TEST_UNAVAILABLE.code });
  // OpenID: the issuer's sign-in with a state flagged the same way; the callback reports (oidc-sign-in.ts).
  if (provider.type === "oidc") {
    const stored = await findProvider(em, provider.id);
    return { url: await oidcAuthorizationUrl(em, stored!, { redirectTo: `${getConfig().baseUrl}${TEST_PAGE}`, codeChallenge: null, codeChallengeMethod: null }, userId) };
  }
  const relayStateId = randomUUID();
  const { url, requestId } = await authnRequestUrl(parseIdpMetadata(provider.metadata_xml ?? ""), provider.name_id_format, relayStateId);
  await createRelayState(em, { providerId: provider.id, requestId, redirectTo: `${getConfig().baseUrl}${TEST_PAGE}`, codeChallenge: null, codeChallengeMethod: null, seconds: RELAY_STATE_SECONDS }, relayStateId);
  await em.getConnection().execute(`update sso_relay_states set test_for_user = ? where id = ?`, [userId, relayStateId]);
  return { url };
}

/** The ACS's test branch: the assertion checked as any, the outcome (what came back, or why not) kept for the owner; answers where the browser goes. */
export async function reportConnectionTest(em: EntityManager, provider: StoredProvider, samlResponse: string, requestId: string | null, userId: string): Promise<string> {
  let report: TestReport;
  try {
    const person = await checkedPerson(parseIdpMetadata(provider.metadata_xml ?? ""), samlResponse, requestId, provider.attribute_mapping ?? {});
    report = reportOfPerson(provider, { subject: person.userId, email: person.email, claims: person.claims });
  } catch (error) {
    report = refusalReport(error);
  }
  return saveTestReport(em, provider.id, userId, report);
}

export async function readConnectionTest(em: EntityManager, tenantId: string, userId: string, providerId: string): Promise<{ report: TestReport | null }> {
  const [row] = await em.getConnection().execute<{ report: TestReport }[]>(
    `select r.report from sso_test_reports r join sso_providers p on p.id = r.provider_id where r.provider_id = ? and r.user_id = ? and p.tenant_id = ?`,
    [providerId, userId, tenantId],
  );
  return { report: row?.report ?? null };
}
