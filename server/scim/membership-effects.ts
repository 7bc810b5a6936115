import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { changeMemberRole, removeMember } from "../members";
import { membershipRole } from "../tenants";

export type ProvisionedRole = "member" | "viewer";

/**
 * What a provisioned person is in the workspace, through the members area's own roads: joining
 * is a membership row and its `member.added` change; leaving (suspension or deprovisioning) is
 * `removeMember`, which revokes their keys and app sessions into the workspace and tells every
 * instance (svc_membership_changed). The owner's membership is never touched by the directory.
 */
export async function joinWorkspace(tx: EntityManager, tenantId: string, user: { userId: string; email: string }, role: ProvisionedRole): Promise<void> {
  const joined = await tx.execute<{ user_id: string }[]>(
    `insert into tenant_memberships (tenant_id, user_id, role) values (?, ?, ?) on conflict (tenant_id, user_id) do nothing returning user_id`,
    [tenantId, user.userId, role],
  );
  if (joined.length > 0) {
    await recordChange(tx, { tenantId, type: "member.added", data: { userId: user.userId, email: user.email, role }, target: { type: "person", id: user.userId } });
  }
}

export async function leaveWorkspace(em: EntityManager, tenantId: string, userId: string): Promise<void> {
  const role = await membershipRole(em, tenantId, userId);
  if (role === null || role === "owner") return;
  await removeMember(em, tenantId, userId);
}

/** The role a provisioned person's groups give them: the highest of the groups given one, else `member`. */
export async function groupRole(em: EntityManager, scimUserId: string): Promise<ProvisionedRole> {
  const rows = await em.execute<{ role: ProvisionedRole }[]>(
    `select g.role from scim_group_members gm join scim_groups g on g.id = gm.group_id where gm.scim_user_id = ? and g.role is not null`,
    [scimUserId],
  );
  if (rows.length === 0) return "member";
  return rows.some((row) => row.role === "member") ? "member" : "viewer";
}

/** Gives each active provisioned person of `scimUserIds` the role their groups give, at once. */
export async function applyGroupRoles(em: EntityManager, tenantId: string, scimUserIds: string[]): Promise<void> {
  if (scimUserIds.length === 0) return;
  const rows = await em.execute<{ id: string; user_id: string }[]>(`select id, user_id from scim_users where tenant_id = ? and active and id = any(?::uuid[])`, [tenantId, `{${scimUserIds.join(",")}}`]);
  for (const row of rows) {
    const current = await membershipRole(em, tenantId, row.user_id);
    const wanted = await groupRole(em, row.id);
    if (current === null || current === "owner" || current === wanted) continue;
    await changeMemberRole(em, tenantId, row.user_id, wanted);
  }
}
