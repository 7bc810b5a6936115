import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import type { MembershipRole } from "../tenants";
import { emailDomain } from "../workspace-domains";
import { MEMBER_CODES } from "./error-codes";
import { publishMembershipChanged } from "./membership-changes";

/**
 * The workspace's "require single sign-on" rule (issue 32 item 3; ADR 086), shaped as the
 * two-step rule (two-step-rule.ts). It binds sessions only (keys are not sessions), and only
 * people whose email address is on a domain the workspace has VERIFIED: they must have signed
 * in through one of the workspace's own SSO providers (`auth_sessions.sso_provider_id`).
 *
 * Break-glass (ADR 086): owners are never bound, so an outage of the company's identity
 * provider never locks the workspace; the service administrator can also turn the rule off.
 */
export const SSO_REQUIRED_MESSAGE =
  "This workspace requires single sign-on for your email domain. Sign out, then sign in with \"Sign in with single sign-on\" using your company account.";

export const ssoRequired = () => new AppError("FORBIDDEN", SSO_REQUIRED_MESSAGE, { code: MEMBER_CODES.SSO_REQUIRED.code });

export interface SsoRuleCaller {
  /** A key is never bound; a session is judged by how it signed in. */
  kind: "session" | "key";
  /** The person's address; when a caller does not give it, the session's account's is read (never "not bound" by omission). */
  email: string;
  sessionId: string | null;
}

/** The address whose domain decides whether the rule binds: the caller's, else the session's account's; null when neither is known. */
async function addressOf(em: EntityManager, caller: SsoRuleCaller): Promise<string | null> {
  if (caller.email) return caller.email;
  if (!caller.sessionId) return null;
  const rows = await em.getConnection().execute<{ email: string | null }[]>(`select u.email from auth_sessions s join auth_users u on u.id = s.user_id where s.id = ?`, [caller.sessionId]);
  return rows[0]?.email ?? null;
}

/** Whether the caller may enter; asks the database only when the rule is on and the caller is bound by it. */
export async function passesSsoRule(em: EntityManager, tenantId: string, role: MembershipRole, requireSso: boolean | undefined, caller: SsoRuleCaller): Promise<boolean> {
  if (!requireSso || caller.kind === "key" || role === "owner") return true;
  const email = await addressOf(em, caller);
  // A session whose address nobody can tell is refused rather than waved through.
  if (!email) return false;
  // The domain spelled as a claim stores it (lower case, IDNA), so the two compare.
  const domain = emailDomain(email);
  if (!domain) return true;
  const connection = em.getConnection();
  const bound = await connection.execute<{ n: number }[]>(`select 1 as n from workspace_domains where tenant_id = ? and domain = ? and verified_at is not null`, [tenantId, domain]);
  if (bound.length === 0) return true;
  if (!caller.sessionId) return false;
  const viaOwnProvider = await connection.execute<{ n: number }[]>(
    `select 1 as n from auth_sessions s join sso_providers p on p.id = s.sso_provider_id where s.id = ? and p.tenant_id = ?`,
    [caller.sessionId, tenantId],
  );
  return viaOwnProvider.length > 0;
}

export async function assertSsoRule(em: EntityManager, tenantId: string, role: MembershipRole, requireSso: boolean | undefined, caller: SsoRuleCaller): Promise<void> {
  if (!(await passesSsoRule(em, tenantId, role, requireSso, caller))) throw ssoRequired();
}

export async function readSsoRule(em: EntityManager, tenantId: string): Promise<boolean> {
  const rows = await em.getConnection().execute<{ require_sso: boolean }[]>(`select require_sso from tenants where id = ?`, [tenantId]);
  return rows[0]?.require_sso === true;
}

/**
 * Turning the rule on needs something to sign in through: at least one enabled provider of
 * the workspace and one verified domain, else it would bind nobody or lock everyone out.
 * `actor` null: the service administrator (break-glass: turning it off needs no workspace role).
 */
export async function setSsoRule(em: EntityManager, tenantId: string, required: boolean): Promise<{ required: boolean }> {
  await em.transactional(async (tx) => {
    const [before] = await tx.execute<{ require_sso: boolean }[]>(`select require_sso from tenants where id = ? for update`, [tenantId]);
    if (!before) throw new AppError("NOT_FOUND", "Workspace not found");
    if (required) {
      const [ready] = await tx.execute<{ providers: number; domains: number }[]>(
        `select (select count(*)::int from sso_providers where tenant_id = ? and not disabled) as providers,
                (select count(*)::int from workspace_domains where tenant_id = ? and verified_at is not null) as domains`,
        [tenantId, tenantId],
      );
      if (!ready || ready.providers === 0 || ready.domains === 0) {
        throw new AppError("CONFLICT", "Add an identity provider and verify at least one email domain before requiring single sign-on.", { code: MEMBER_CODES.SSO_RULE_NOT_READY.code });
      }
    }
    await tx.execute(`update tenants set require_sso = ?, updated_at = now() where id = ?`, [required, tenantId]);
    if (before.require_sso !== required) {
      await recordChange(tx, { tenantId, audit: "workspace.sso_rule_changed", data: { from: before.require_sso, to: required }, target: { type: "workspace", id: tenantId } });
      // Turned on: every instance forgets what it cached of the members who may now be bound
      // (deployed tools' app sessions and tokens), so the rule holds there at once too.
      if (required) {
        const members = await tx.execute<{ user_id: string }[]>(`select user_id from tenant_memberships where tenant_id = ? and role <> 'owner'`, [tenantId]);
        for (const member of members) await publishMembershipChanged(tx, tenantId, member.user_id);
      }
    }
  });
  return { required };
}
