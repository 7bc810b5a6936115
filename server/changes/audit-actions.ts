import type { ChangeType } from "./change-types";

/**
 * The closed list of actions the workspace audit log records (issue 20 section 4, ADR 047).
 * Dotted: what was acted on, then what happened. A new action is added here, nowhere else;
 * `GET /api/audit-log?action=` accepts only these.
 */
/**
 * The account's own events, which its person also reads on the profile page (their sign-ins,
 * sessions and factors; ADR 047). OAuth grants are account events too, but the profile's
 * authorized applications already list them.
 */
export const ACCOUNT_AUDIT_ACTIONS = [
  "session.signed_in",
  "session.sign_in_failed",
  "session.signed_out",
  "session.revoked",
  "factor.enrolled",
  "factor.removed",
  "passkey.enrolled",
  "passkey.removed",
  "recovery_codes.used",
  "recovery_codes.regenerated",
  "profile.updated",
  "identity.linked",
  "identity.unlinked",
] as const;

export const AUDIT_ACTIONS = [
  ...ACCOUNT_AUDIT_ACTIONS,
  "key.minted",
  "key.revoked",
  "cli.login",
  "member.invited",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "workspace.created",
  "workspace.renamed",
  "workspace.url_changed",
  "workspace.logo_changed",
  "workspace.two_step_changed",
  "workspace.sso_rule_changed",
  "sso_provider.created",
  "sso_provider.changed",
  "sso_provider.removed",
  "domain.claimed",
  "domain.verified",
  "domain.removed",
  "app.created",
  "app.deleted",
  "variable.set",
  "variable.deleted",
  "origin.added",
  "origin.removed",
  "connection.created",
  "connection.reconnected",
  "connection.deleted",
  "binding.changed",
  "deployment.registered",
  "deployment.changed",
  "deployment.deleted",
  "agent_token.issued",
  "agent_token.revoked",
  "oauth_grant.approved",
  "oauth_grant.revoked",
  "catalog.edited",
  "webhook.secret_rotated",
  "scim_token.created",
  "scim_token.revoked",
  "scim.user_provisioned",
  "scim.user_updated",
  "scim.user_suspended",
  "scim.user_reactivated",
  "scim.user_deprovisioned",
  "scim.group_created",
  "scim.group_updated",
  "scim.group_deleted",
  "scim.group_role_changed",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The change log's types the audit log also records, under its own name: every call that
 * records one of these (webhooks, the event feed) writes the audit row in the same step.
 */
export const AUDITED_CHANGES: Partial<Record<ChangeType, AuditAction>> = {
  "connection.created": "connection.created",
  "connection.reconnected": "connection.reconnected",
  "connection.deleted": "connection.deleted",
  "connection.bound": "binding.changed",
  "connection.unbound": "binding.changed",
  "deployment.created": "deployment.registered",
  "deployment.deleted": "deployment.deleted",
  "member.added": "member.joined",
  "member.removed": "member.removed",
};

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}
