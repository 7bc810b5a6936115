import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { adminDeleteUser, provisionAccount, reactivateManagedAccount, suspendManagedAccount } from "../identity";
import { revokeKeysIssuedBy } from "../keys";
import { isUniqueViolation } from "../platform/db/unique-violation";
import { type Filter } from "./scim-filter";
import { applyPatch } from "./scim-patch";
import { ScimError, notFound, uniqueness } from "./scim-error";
import { USER_PATCH_SCHEMA, USER_SCHEMA } from "./scim-schemas";
import type { ScimPrincipal } from "./scim-tokens";
import { readUser, type UserFields } from "./user-resource";
import { groupRole, joinWorkspace, leaveWorkspace } from "./membership-effects";
import { groupLocation, userLocation } from "./scim-locations";
import { isUuid, type Page } from "./scim-paging";

interface UserRow {
  id: string;
  user_id: string;
  user_name: string;
  external_id: string | null;
  display_name: string | null;
  given_name: string | null;
  family_name: string | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  email: string;
  managed_by_tenant_id: string | null;
}

const SELECT = `select su.id, su.user_id, su.user_name, su.external_id, su.display_name, su.given_name, su.family_name, su.active, su.created_at, su.updated_at,
                       u.email, u.managed_by_tenant_id
                  from scim_users su join auth_users u on u.id = su.user_id`;

/** Each filterable attribute's SQL, compared with a parameter (case-insensitively where RFC 7643 says caseExact is false). */
const FILTER_SQL: Record<string, string> = {
  userName: "lower(su.user_name) = lower(?)",
  externalId: "su.external_id = ?",
  "emails.value": "lower(u.email) = lower(?)",
  id: "su.id::text = lower(?)",
  active: "su.active = ?",
};

async function groupsOf(em: EntityManager, scimUserId: string): Promise<Array<{ value: string; display: string; $ref: string }>> {
  const rows = await em.execute<{ id: string; display_name: string }[]>(
    `select g.id, g.display_name from scim_group_members gm join scim_groups g on g.id = gm.group_id where gm.scim_user_id = ? order by g.display_name`,
    [scimUserId],
  );
  return rows.map((row) => ({ value: row.id, display: row.display_name, $ref: groupLocation(row.id) }));
}

/** RFC 7643 section 4.1: the User as SCIM shows it; `meta.location` absolute from BASE_URL. */
async function toResource(em: EntityManager, row: UserRow): Promise<Record<string, unknown>> {
  const formatted = [row.given_name, row.family_name].filter(Boolean).join(" ");
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.user_name,
    name: { ...(row.given_name ? { givenName: row.given_name } : {}), ...(row.family_name ? { familyName: row.family_name } : {}), ...(formatted ? { formatted } : {}) },
    ...(row.display_name ? { displayName: row.display_name } : {}),
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.active,
    groups: await groupsOf(em, row.id),
    meta: { resourceType: "User", created: new Date(row.created_at).toISOString(), lastModified: new Date(row.updated_at).toISOString(), location: userLocation(row.id) },
  };
}

async function findRow(em: EntityManager, principal: ScimPrincipal, id: string): Promise<UserRow> {
  // Another workspace's user reads exactly as one that does not exist.
  if (!isUuid(id)) throw notFound(`User ${id.slice(0, 100)} not found`);
  const rows = await em.execute<UserRow[]>(`${SELECT} where su.tenant_id = ? and su.id = ?`, [principal.tenantId, id]);
  if (!rows[0]) throw notFound(`User ${id} not found`);
  return rows[0];
}

export async function getUser(em: EntityManager, principal: ScimPrincipal, id: string): Promise<Record<string, unknown>> {
  return toResource(em, await findRow(em, principal, id));
}

export async function listUsers(em: EntityManager, principal: ScimPrincipal, filter: Filter | null, page: Page): Promise<{ total: number; resources: Record<string, unknown>[] }> {
  const clauses = filter ? filter.terms.map((term) => FILTER_SQL[term.attribute]!) : [];
  const where = clauses.length > 0 ? ` and (${clauses.join(filter!.join === "and" ? " and " : " or ")})` : "";
  const params: unknown[] = [principal.tenantId, ...(filter?.terms.map((term) => term.value) ?? [])];
  const [{ total }] = (await em.execute<{ total: string }[]>(`select count(*) as total from scim_users su join auth_users u on u.id = su.user_id where su.tenant_id = ?${where}`, params)) as [{ total: string }];
  const rows = await em.execute<UserRow[]>(`${SELECT} where su.tenant_id = ?${where} order by su.created_at, su.id limit ? offset ?`, [...params, page.count, page.startIndex - 1]);
  return { total: Number(total), resources: await Promise.all(rows.map((row) => toResource(em, row))) };
}

const metadataOf = (fields: UserFields) => {
  const fullName = fields.displayName ?? ([fields.givenName, fields.familyName].filter(Boolean).join(" ") || null);
  return fullName ? { full_name: fullName } : {};
};

function conflictOnUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw uniqueness("A user with this userName or email is already provisioned in this workspace");
  throw error;
}

/** RFC 7644 section 3.3: a new User. The account is matched by email or made (a managed account), and joins the workspace. */
export async function createUser(em: EntityManager, principal: ScimPrincipal, body: unknown): Promise<{ resource: Record<string, unknown>; id: string }> {
  const fields = readUser(body);
  const id = randomUUID();
  const made = await em
    .transactional(async (tx) => {
      const account = await provisionAccount(tx, { email: fields.email, tenantId: principal.tenantId, metadata: metadataOf(fields) });
      await tx.execute(
        `insert into scim_users (id, tenant_id, user_id, user_name, external_id, display_name, given_name, family_name, active) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, principal.tenantId, account.userId, fields.userName, fields.externalId, fields.displayName, fields.givenName, fields.familyName, fields.active],
      );
      if (fields.active) await joinWorkspace(tx, principal.tenantId, { userId: account.userId, email: fields.email }, "member");
      await recordChange(tx, {
        tenantId: principal.tenantId,
        audit: "scim.user_provisioned",
        data: { userName: fields.userName, externalId: fields.externalId, email: fields.email, accountCreated: account.created, active: fields.active },
        target: { type: "person", id: account.userId },
      });
      return account;
    })
    .catch(conflictOnUnique);
  if (!fields.active) await deactivate(em, principal, made.userId, made.managedByTenantId);
  return { resource: await getUser(em, principal, id), id };
}

/**
 * Suspension: the membership goes (keys, app sessions, caches on every instance); a managed
 * account is suspended whole: no session, no key in any workspace.
 */
async function deactivate(em: EntityManager, principal: ScimPrincipal, userId: string, managedByTenantId: string | null): Promise<void> {
  await leaveWorkspace(em, principal.tenantId, userId);
  if (managedByTenantId !== principal.tenantId) return;
  await suspendManagedAccount(em, userId);
  await revokeKeysIssuedBy(em, userId);
}

/** RFC 7644 section 3.5.1 (PUT) and, once patched, 3.5.2 (PATCH): the User replaced by `fields`, with its effects. */
async function replaceUser(em: EntityManager, principal: ScimPrincipal, row: UserRow, fields: UserFields): Promise<Record<string, unknown>> {
  if (fields.email !== row.email.toLowerCase() && row.managed_by_tenant_id !== principal.tenantId) {
    throw new ScimError(400, "The email of an account this workspace's directory did not create is its person's own", "mutability");
  }
  const changed = (["userName", "externalId", "displayName", "givenName", "familyName", "email", "active"] as const).filter((key) => {
    const before = { userName: row.user_name, externalId: row.external_id, displayName: row.display_name, givenName: row.given_name, familyName: row.family_name, email: row.email.toLowerCase(), active: row.active }[key];
    return before !== fields[key];
  });
  await em
    .transactional(async (tx) => {
      await tx.execute(
        `update scim_users set user_name = ?, external_id = ?, display_name = ?, given_name = ?, family_name = ?, active = ?, updated_at = now() where id = ? and tenant_id = ?`,
        [fields.userName, fields.externalId, fields.displayName, fields.givenName, fields.familyName, fields.active, row.id, principal.tenantId],
      );
      if (changed.includes("email")) await tx.execute(`update auth_users set email = ?, updated_at = now() where id = ?`, [fields.email, row.user_id]);
      if (changed.length > 0) {
        const action = changed.includes("active") ? (fields.active ? "scim.user_reactivated" : "scim.user_suspended") : "scim.user_updated";
        await recordChange(tx, { tenantId: principal.tenantId, audit: action, data: { userName: fields.userName, changed }, target: { type: "person", id: row.user_id } });
      }
      if (changed.includes("active") && fields.active) await joinWorkspace(tx, principal.tenantId, { userId: row.user_id, email: fields.email }, await groupRole(tx, row.id));
    })
    .catch(conflictOnUnique);
  if (changed.includes("active")) {
    if (!fields.active) await deactivate(em, principal, row.user_id, row.managed_by_tenant_id);
    else if (row.managed_by_tenant_id === principal.tenantId) await reactivateManagedAccount(em, row.user_id);
  }
  return getUser(em, principal, row.id);
}

export async function putUser(em: EntityManager, principal: ScimPrincipal, id: string, body: unknown): Promise<Record<string, unknown>> {
  const row = await findRow(em, principal, id);
  return replaceUser(em, principal, row, readUser(body));
}

export async function patchUser(em: EntityManager, principal: ScimPrincipal, id: string, body: unknown): Promise<Record<string, unknown>> {
  const row = await findRow(em, principal, id);
  const current = await toResource(em, row);
  return replaceUser(em, principal, row, readUser(applyPatch(current, body, USER_PATCH_SCHEMA)));
}

/**
 * RFC 7644 section 3.6: the User goes, and with it the membership. An account this workspace's
 * directory made and that belongs to no other workspace goes too; any other account stays.
 */
export async function deleteUser(em: EntityManager, principal: ScimPrincipal, id: string): Promise<void> {
  const row = await findRow(em, principal, id);
  await em.transactional(async (tx) => {
    await tx.execute(`delete from scim_users where id = ? and tenant_id = ?`, [row.id, principal.tenantId]);
    await recordChange(tx, { tenantId: principal.tenantId, audit: "scim.user_deprovisioned", data: { userName: row.user_name, externalId: row.external_id }, target: { type: "person", id: row.user_id } });
  });
  await leaveWorkspace(em, principal.tenantId, row.user_id);
  if (row.managed_by_tenant_id !== principal.tenantId) return;
  const others = await em.execute(`select 1 from tenant_memberships where user_id = ? limit 1`, [row.user_id]);
  if (others.length === 0) await adminDeleteUser(em, row.user_id);
  else await reactivateManagedAccount(em, row.user_id);
}
