/**
 * The audit log in words for its readers (issue 28, 6): an action's name, what it acted on and
 * what changed, from the names and ids the row keeps. The codes stay what the API, the filter
 * and the exports use; the page shows these beside them.
 */

const ACTION_NAMES: Record<string, string> = {
  "session.signed_in": "Signed in",
  "session.sign_in_failed": "Sign-in failed",
  "session.signed_out": "Signed out",
  "session.revoked": "Session ended",
  "factor.enrolled": "Two-step method added",
  "factor.removed": "Two-step method removed",
  "passkey.enrolled": "Passkey added",
  "passkey.removed": "Passkey removed",
  "recovery_codes.used": "Recovery code used",
  "recovery_codes.regenerated": "Recovery codes replaced",
  "profile.updated": "Profile changed",
  "identity.linked": "Sign-in method linked",
  "identity.unlinked": "Sign-in method unlinked",
  "key.minted": "API key created",
  "key.revoked": "API key revoked",
  "cli.login": "CLI signed in",
  "member.invited": "Member invited",
  "member.joined": "Member joined",
  "member.role_changed": "Member's role changed",
  "member.removed": "Member removed",
  "workspace.created": "Workspace created",
  "workspace.renamed": "Workspace renamed",
  "workspace.url_changed": "Workspace URL changed",
  "workspace.logo_changed": "Workspace logo changed",
  "workspace.two_step_changed": "Two-step rule changed",
  "workspace.sso_rule_changed": "Single sign-on rule changed",
  "sso_provider.created": "Identity provider added",
  "sso_provider.changed": "Identity provider changed",
  "sso_provider.removed": "Identity provider removed",
  "app.created": "App created",
  "app.deleted": "App deleted",
  "variable.set": "Variable set",
  "variable.deleted": "Variable deleted",
  "origin.added": "Allowed origin added",
  "origin.removed": "Allowed origin removed",
  "connection.created": "Account connected",
  "connection.reconnected": "Account reconnected",
  "connection.deleted": "Connection deleted",
  "binding.changed": "App's connection changed",
  "deployment.registered": "Deployment registered",
  "deployment.changed": "Deployment changed",
  "deployment.deleted": "Deployment deleted",
  "agent_token.issued": "Shell agent token issued",
  "agent_token.revoked": "Shell agent token revoked",
  "oauth_grant.approved": "Application authorized",
  "oauth_grant.revoked": "Application's access revoked",
  "catalog.edited": "Integration catalog edited",
  "webhook.secret_rotated": "Webhook secret rotated",
  "scim_token.created": "SCIM token created",
  "scim_token.revoked": "SCIM token revoked",
  "scim.user_provisioned": "Person provisioned by the directory",
  "scim.user_updated": "Person updated by the directory",
  "scim.user_suspended": "Person suspended by the directory",
  "scim.user_reactivated": "Person reactivated by the directory",
  "scim.user_deprovisioned": "Person removed by the directory",
  "scim.group_created": "Directory group created",
  "scim.group_updated": "Directory group changed",
  "scim.group_deleted": "Directory group deleted",
  "scim.group_role_changed": "Directory group's role changed",
};

/** "Workspace renamed" for `workspace.renamed`; an action this list does not know yet reads as its code. */
export function auditActionName(action: string): string {
  return ACTION_NAMES[action] ?? action;
}

const TARGET_NOUNS: Record<string, string> = {
  workspace: "Workspace",
  user: "Person",
  session: "Session",
  app: "App",
  key: "API key",
  member: "Member",
  invitation: "Invitation",
  connection: "Connection",
  deployment: "Deployment",
  oauth_grant: "Application grant",
  factor: "Two-step method",
  passkey: "Passkey",
  variable: "Variable",
  origin: "Origin",
  webhook: "Webhook",
  agent_token: "Agent token",
};

/** The names a row's changes may carry for what it acted on, first found wins. */
const NAME_FIELDS = ["name", "email", "friendlyName", "provider", "displayName", "slug", "origin", "key", "clientName", "clientId"];

/**
 * What the row acted on, named rather than numbered: "App Reports", "Member ada@example.com";
 * an id is shortened to its first 8 characters only when no name was kept.
 */
export function auditTargetLabel(target: { type: string; id: string } | null, changes: Record<string, unknown>): string {
  if (!target) return "—";
  const noun = TARGET_NOUNS[target.type] ?? target.type;
  if (target.type === "workspace") return noun;
  const name = NAME_FIELDS.map((field) => changes[field]).find((value): value is string => typeof value === "string" && value !== "");
  return `${noun} ${name ?? target.id.slice(0, 8)}`;
}

/** What changed, as short "name: value" pairs; a rename reads "from → to". */
export function auditChangesLabel(changes: Record<string, unknown>): string {
  if (typeof changes.from === "string" && typeof changes.to === "string") {
    const rest = Object.entries(changes).filter(([key]) => key !== "from" && key !== "to");
    return [`${changes.from} → ${changes.to}`, ...pairs(rest)].join(", ");
  }
  return pairs(Object.entries(changes)).join(", ");
}

function pairs(entries: [string, unknown][]): string[] {
  return entries.map(([key, value]) => `${key}: ${typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`);
}

/** Who acted, as the page names them: a person by address, a key or an application by name, else the service itself. */
export function auditActorLabel(actor: { type: string; email?: string; id?: string; name?: string | null }): string {
  if (actor.type === "person") return actor.email || "A person";
  if (actor.type === "key") return `API key ${actor.name ?? actor.id?.slice(0, 8) ?? ""}`.trim();
  if (actor.type === "oauth_client") return `Application ${actor.name ?? actor.id ?? ""}`.trim();
  if (actor.type === "scim_token") return `Directory (SCIM token ${actor.name ?? actor.id ?? ""})`.trim();
  return "The service (automatic)";
}
