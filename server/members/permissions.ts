import type { EntityManager } from "@mikro-orm/postgresql";
import { forbidden, noWorkspace } from "../platform/errors";
import { type MembershipRole, resolveUserTenant, type UserTenant } from "../tenants";
import { passesTwoStepRule, twoStepRequired, type RuleCaller } from "./two-step-rule";
import { assertSsoRule } from "./sso-rule";

/**
 * The one table of who may do what in a workspace (issue 8): viewers read the dashboard and
 * open deployed tools (variable names, never values); members also read variable values and manage connections, apps, keys and deployments; owners
 * also manage members and the workspace's name, slug and logo. Every procedure that acts in
 * a workspace asks `tenantFor(..., capability)`; nothing else decides a role.
 */
const RANK: Record<MembershipRole, number> = { viewer: 0, member: 1, owner: 2 };

export const CAPABILITIES = {
  "workspace.read": { least: "viewer", refusal: "You are not a member of this workspace" },
  "deployments.open": { least: "viewer", refusal: "You are not a member of this workspace" },
  "apps.manage": { least: "member", refusal: "Viewers cannot change apps" },
  "apps.env.values": { least: "member", refusal: "Viewers cannot see variable values" },
  "keys.manage": { least: "member", refusal: "Viewers cannot manage API keys" },
  "connections.manage": { least: "member", refusal: "Viewers cannot manage connections" },
  "deployments.manage": { least: "member", refusal: "Viewers cannot manage deployments" },
  "deployments.shell": { least: "member", refusal: "Viewers cannot open a shell on a deployment" },
  "members.manage": { least: "owner", refusal: "Only the workspace owner can manage members" },
  "workspace.edit": { least: "owner", refusal: "Only the workspace owner can change the workspace" },
  // Endpoints receive every change of the workspace and their log holds receivers' answers: a workspace setting (ADR 041).
  "webhooks.manage": { least: "owner", refusal: "Only the workspace owner can manage webhooks" },
  // The consent page shows such a client as vouched for by the workspace: a workspace setting (ADR 050).
  "oauthClients.manage": { least: "owner", refusal: "Only the workspace owner can manage OAuth clients" },
  // Which email domains are the workspace's: what single sign-on will trust (ADR 081).
  "domains.manage": { least: "owner", refusal: "Only the workspace owner can manage domains" },
  // Whose sign-ins the workspace trusts and whether it requires them (ADR 086).
  "sso.manage": { least: "owner", refusal: "Only the workspace owner can manage single sign-on" },
  // Who did what, from where: the owner's, like the workspace's settings (ADR 047).
  "audit.read": { least: "owner", refusal: "Only the workspace owner can read the audit log" },
} as const satisfies Record<string, { least: MembershipRole; refusal: string }>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: MembershipRole, capability: Capability): boolean {
  return RANK[role] >= RANK[CAPABILITIES[capability].least];
}

export interface TenantCaller {
  em: EntityManager;
  userId: string;
  /** The workspace the person chose in the dashboard's switcher, if any (cookie `svc_workspace`). */
  preferredTenantId?: string | null;
  /** A session's standing on the second factor, or `key`: the workspace's two-step rule binds sessions only. */
  secondFactor: RuleCaller;
  /** For the "require single sign-on" rule (ADR 086): the person's address and the session, when a session calls. */
  email?: string;
  sessionId?: string | null;
}

/**
 * The caller's current workspace with their role, refused (403) when the role lacks
 * `capability`; 404 `No workspace` when they belong to none; 403 when the workspace requires
 * two-step sign-in and the caller is a session that has not passed it.
 */
export async function tenantFor(caller: TenantCaller, capability: Capability): Promise<UserTenant> {
  const tenant = await resolveUserTenant(caller.em, caller.userId, caller.preferredTenantId ?? null);
  if (!tenant) throw noWorkspace();
  if (!passesTwoStepRule(tenant.requireTwoStep, caller.secondFactor)) throw twoStepRequired();
  const ssoCaller = { kind: caller.secondFactor === "key" ? ("key" as const) : ("session" as const), email: caller.email ?? "", sessionId: caller.sessionId ?? null };
  await assertSsoRule(caller.em, tenant.tenantId, tenant.role, tenant.requireSso, ssoCaller);
  if (!can(tenant.role, capability)) throw forbidden(CAPABILITIES[capability].refusal);
  return tenant;
}
