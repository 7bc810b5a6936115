import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../platform/errors";
import { getConfig } from "../platform/config";
import { checkedPerson } from "./assertion";
import { parseIdpMetadata } from "./idp-metadata";
import type { StoredProvider } from "./providers";
import { createRelayState } from "./relay-state";
import { authnRequestUrl, RELAY_STATE_SECONDS } from "./service-provider";
import { WORKSPACE_SSO_CODES } from "./error-codes";
import { PROVIDER_NOT_FOUND_MESSAGE, type TestReport } from "./workspace-schemas";

/**
 * "Test the connection" (issue 32 item 3, ADR 086): the owner signs in through the provider in
 * a mode that changes nothing. The relay state is flagged with the owner (`test_for_user`);
 * the ACS, seeing the flag, verifies the assertion fully (signature, audience, recipient,
 * InResponseTo, time) and writes only the report below, never an account, a membership, a
 * session or the assertion's use, then sends the browser back to the page.
 */
const TEST_PAGE = "/settings/sso";

export async function startConnectionTest(em: EntityManager, tenantId: string, userId: string, providerId: string): Promise<{ url: string }> {
  const [provider] = await em.getConnection().execute<{ id: string; type: string; disabled: boolean; metadata_xml: string | null; name_id_format: string | null }[]>(
    `select id, type, disabled, metadata_xml, name_id_format from sso_providers where id = ? and tenant_id = ?`,
    [providerId, tenantId],
  );
  if (!provider) throw new AppError("NOT_FOUND", PROVIDER_NOT_FOUND_MESSAGE);
  if (provider.type !== "saml") throw new AppError("CONFLICT", "An OpenID connection is tested by signing in with it: the dashboard tests SAML connections.", { code: WORKSPACE_SSO_CODES.SSO_TEST_UNAVAILABLE.code });
  if (provider.disabled) throw new AppError("CONFLICT", "This provider is disabled: enable it before testing the connection.", { code: WORKSPACE_SSO_CODES.SSO_TEST_UNAVAILABLE.code });
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
    report = { ok: true, at: new Date().toISOString(), subject: person.userId, email: person.email, attributes: person.claims, error: null };
  } catch (error) {
    report = { ok: false, at: new Date().toISOString(), subject: null, email: null, attributes: {}, error: error instanceof Error ? error.message : String(error) };
  }
  await em.getConnection().execute(
    `insert into sso_test_reports (provider_id, user_id, report) values (?, ?, ?)
     on conflict (provider_id, user_id) do update set report = excluded.report, created_at = now()`,
    [provider.id, userId, JSON.stringify(report)],
  );
  const back = new URL(`${getConfig().baseUrl}${TEST_PAGE}`);
  back.searchParams.set("tested", provider.id);
  return back.href;
}

export async function readConnectionTest(em: EntityManager, tenantId: string, userId: string, providerId: string): Promise<{ report: TestReport | null }> {
  const [row] = await em.getConnection().execute<{ report: TestReport }[]>(
    `select r.report from sso_test_reports r join sso_providers p on p.id = r.provider_id where r.provider_id = ? and r.user_id = ? and p.tenant_id = ?`,
    [providerId, userId, tenantId],
  );
  return { report: row?.report ?? null };
}
