import type { EntityManager } from "@mikro-orm/postgresql";
import type { MembershipRole } from "./entities";

export interface UserTenant {
  tenantId: string;
  slug: string;
  name: string;
  role: MembershipRole;
  /** The owner requires two-step sign-in of sessions here (ADR 049); set by `resolveUserTenant`. */
  requireTwoStep?: boolean;
  /** The owner requires single sign-on of people on its verified domains (ADR 086); set by `resolveUserTenant`. */
  requireSso?: boolean;
}

/**
 * The workspace a user acts in (docs/decisions/029): the one they chose in the dashboard's
 * switcher when they still belong to it; else the production workspace they own; else the
 * first one they joined (personal workspaces last).
 */
export async function resolveUserTenant(em: EntityManager, userId: string, preferredTenantId: string | null = null): Promise<UserTenant | null> {
  const rows = await em.getConnection().execute<{ tenant_id: string; slug: string; name: string; role: MembershipRole; require_two_step: boolean; require_sso: boolean }[]>(
    `select m.tenant_id, t.slug, t.name, m.role, t.require_two_step, t.require_sso
       from tenant_memberships m join tenants t on t.id = m.tenant_id
      where m.user_id = ?
      order by (m.tenant_id::text = ?) desc, (t.owner_id = m.user_id and not t.is_personal) desc, t.is_personal asc, m.created_at asc
      limit 1`,
    [userId, preferredTenantId ?? ""],
  );
  const row = rows[0];
  return row ? { tenantId: row.tenant_id, slug: row.slug, name: row.name, role: row.role, requireTwoStep: row.require_two_step, requireSso: row.require_sso } : null;
}

/** Every workspace the user belongs to, for the dashboard's switcher. */
export async function listUserTenants(em: EntityManager, userId: string): Promise<UserTenant[]> {
  const rows = await em.getConnection().execute<{ tenant_id: string; slug: string; name: string; role: MembershipRole }[]>(
    `select m.tenant_id, t.slug, t.name, m.role
       from tenant_memberships m join tenants t on t.id = m.tenant_id
      where m.user_id = ?
      order by (t.owner_id = m.user_id and not t.is_personal) desc, t.is_personal asc, m.created_at asc`,
    [userId],
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, slug: row.slug, name: row.name, role: row.role }));
}

/** The person's role in the workspace, or null when they are not a member (asked afresh, never cached). */
export async function membershipRole(em: EntityManager, tenantId: string, userId: string): Promise<MembershipRole | null> {
  const rows = await em.getConnection().execute<{ role: MembershipRole }[]>(`select role from tenant_memberships where tenant_id = ? and user_id = ?`, [tenantId, userId]);
  return rows[0]?.role ?? null;
}
