import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { displayNameOf, roleOfGroups } from "./mapping";
import type { StoredProvider } from "./providers";
import type { TestReport } from "./workspace-schemas";

/**
 * Where a "test the connection" (ADR 086) keeps its outcome, for SAML's ACS and OpenID's
 * callback alike: one report per owner and provider in `sso_test_reports`, and nothing else.
 */
export const TEST_PAGE = "/settings/sso";

/** What came back, with the name and role a real sign-in through this provider would give (an owner's role is never mapped). */
export function reportOfPerson(provider: Pick<StoredProvider, "attribute_mapping" | "default_role">, person: { subject: string; email: string; claims: Record<string, unknown> }): TestReport {
  const mapping = provider.attribute_mapping ?? {};
  return {
    ok: true,
    at: new Date().toISOString(),
    subject: person.subject,
    email: person.email,
    attributes: person.claims,
    error: null,
    mappedName: displayNameOf(person.claims),
    mappedRole: roleOfGroups(person.claims.groups, mapping) ?? provider.default_role,
  };
}

export function refusalReport(error: unknown): TestReport {
  return { ok: false, at: new Date().toISOString(), subject: null, email: null, attributes: {}, error: error instanceof Error ? error.message : String(error) };
}

/** Keeps the report and answers where the browser goes: the page, naming the tested provider. */
export async function saveTestReport(em: EntityManager, providerId: string, userId: string, report: TestReport): Promise<string> {
  await em.getConnection().execute(
    `insert into sso_test_reports (provider_id, user_id, report) values (?, ?, ?)
     on conflict (provider_id, user_id) do update set report = excluded.report, created_at = now()`,
    [providerId, userId, JSON.stringify(report)],
  );
  const back = new URL(`${getConfig().baseUrl}${TEST_PAGE}`);
  back.searchParams.set("tested", providerId);
  return back.href;
}
