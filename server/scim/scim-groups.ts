import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { isUniqueViolation } from "../platform/db/unique-violation";
import { AppError } from "../platform/errors";
import type { Filter } from "./scim-filter";
import { applyPatch } from "./scim-patch";
import { invalidSyntax, invalidValue, notFound, uniqueness } from "./scim-error";
import { GROUP_PATCH_SCHEMA, GROUP_SCHEMA } from "./scim-schemas";
import type { ScimPrincipal } from "./scim-tokens";
import { applyGroupRoles, type ProvisionedRole } from "./membership-effects";
import { isUuid, type Page } from "./scim-paging";
import { text } from "./scim-values";
import { groupLocation, userLocation } from "./scim-locations";

interface GroupRow {
  id: string;
  display_name: string;
  external_id: string | null;
  role: ProvisionedRole | null;
  created_at: Date;
  updated_at: Date;
}

interface GroupFields {
  displayName: string;
  externalId: string | null;
  members: string[];
}

const FILTER_SQL: Record<string, string> = {
  displayName: "lower(display_name) = lower(?)",
  externalId: "external_id = ?",
  id: "id::text = lower(?)",
};
const MAX_MEMBERS = 10_000;


/** A Group body read strictly (RFC 7643 section 4.2): `displayName` required, members named by their User `id`. */
function readGroup(body: unknown): GroupFields {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidSyntax("A Group is a JSON object");
  const group = body as Record<string, unknown>;
  if (!Array.isArray(group.schemas) || !group.schemas.some((s) => typeof s === "string" && s.toLowerCase() === GROUP_SCHEMA.toLowerCase())) {
    throw invalidSyntax(`A Group names the schema ${GROUP_SCHEMA}`);
  }
  if (group.members !== undefined && group.members !== null && !Array.isArray(group.members)) throw invalidValue("members is a list");
  const members = ((group.members as unknown[] | undefined) ?? []).map((member) => {
    const value = member && typeof member === "object" ? (member as Record<string, unknown>).value : undefined;
    if (typeof value !== "string") throw invalidValue("Each member names a User by its value");
    return value.toLowerCase();
  });
  if (members.length > MAX_MEMBERS) throw invalidValue(`A Group has at most ${MAX_MEMBERS} members`);
  return { displayName: text(group.displayName, "displayName", true)!, externalId: text(group.externalId, "externalId"), members: [...new Set(members)] };
}

async function membersOf(em: EntityManager, groupId: string): Promise<Array<{ value: string; display: string; $ref: string }>> {
  const rows = await em.execute<{ id: string; user_name: string }[]>(
    `select su.id, su.user_name from scim_group_members gm join scim_users su on su.id = gm.scim_user_id where gm.group_id = ? order by su.user_name`,
    [groupId],
  );
  return rows.map((row) => ({ value: row.id, display: row.user_name, $ref: userLocation(row.id) }));
}

async function toResource(em: EntityManager, row: GroupRow): Promise<Record<string, unknown>> {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    displayName: row.display_name,
    members: await membersOf(em, row.id),
    meta: { resourceType: "Group", created: new Date(row.created_at).toISOString(), lastModified: new Date(row.updated_at).toISOString(), location: groupLocation(row.id) },
  };
}

async function findRow(em: EntityManager, tenantId: string, id: string): Promise<GroupRow> {
  if (!isUuid(id)) throw notFound(`Group ${id.slice(0, 100)} not found`);
  const rows = await em.execute<GroupRow[]>(`select id, display_name, external_id, role, created_at, updated_at from scim_groups where tenant_id = ? and id = ?`, [tenantId, id]);
  if (!rows[0]) throw notFound(`Group ${id} not found`);
  return rows[0];
}

export async function getGroup(em: EntityManager, principal: ScimPrincipal, id: string): Promise<Record<string, unknown>> {
  return toResource(em, await findRow(em, principal.tenantId, id));
}

export async function listGroups(em: EntityManager, principal: ScimPrincipal, filter: Filter | null, page: Page): Promise<{ total: number; resources: Record<string, unknown>[] }> {
  const clauses = filter ? filter.terms.map((term) => FILTER_SQL[term.attribute]!) : [];
  const where = clauses.length > 0 ? ` and (${clauses.join(filter!.join === "and" ? " and " : " or ")})` : "";
  const params: unknown[] = [principal.tenantId, ...(filter?.terms.map((term) => term.value) ?? [])];
  const [{ total }] = (await em.execute<{ total: string }[]>(`select count(*) as total from scim_groups where tenant_id = ?${where}`, params)) as [{ total: string }];
  const rows = await em.execute<GroupRow[]>(
    `select id, display_name, external_id, role, created_at, updated_at from scim_groups where tenant_id = ?${where} order by created_at, id limit ? offset ?`,
    [...params, page.count, page.startIndex - 1],
  );
  return { total: Number(total), resources: await Promise.all(rows.map((row) => toResource(em, row))) };
}

/** Members are this workspace's provisioned users; an id of another workspace's reads as unknown. */
async function setMembers(tx: EntityManager, tenantId: string, groupId: string, members: string[]): Promise<string[]> {
  const bad = members.find((member) => !isUuid(member));
  if (bad) throw invalidValue(`No User ${bad.slice(0, 100)} in this workspace`);
  const known = members.length === 0 ? [] : await tx.execute<{ id: string }[]>(`select id from scim_users where tenant_id = ? and id = any(?::uuid[])`, [tenantId, `{${members.join(",")}}`]);
  if (known.length !== members.length) {
    const found = new Set(known.map((row) => row.id));
    throw invalidValue(`No User ${members.find((member) => !found.has(member))} in this workspace`);
  }
  const before = await tx.execute<{ scim_user_id: string }[]>(`select scim_user_id from scim_group_members where group_id = ?`, [groupId]);
  await tx.execute(`delete from scim_group_members where group_id = ?`, [groupId]);
  for (const member of members) await tx.execute(`insert into scim_group_members (group_id, scim_user_id) values (?, ?)`, [groupId, member]);
  return [...new Set([...before.map((row) => row.scim_user_id), ...members])];
}

function conflictOnUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw uniqueness("A group with this displayName already exists in this workspace");
  throw error;
}

export async function createGroup(em: EntityManager, principal: ScimPrincipal, body: unknown): Promise<{ resource: Record<string, unknown>; id: string }> {
  const fields = readGroup(body);
  const id = randomUUID();
  await em
    .transactional(async (tx) => {
      await tx.execute(`insert into scim_groups (id, tenant_id, display_name, external_id) values (?, ?, ?, ?)`, [id, principal.tenantId, fields.displayName, fields.externalId]);
      await setMembers(tx, principal.tenantId, id, fields.members);
      await recordChange(tx, { tenantId: principal.tenantId, audit: "scim.group_created", data: { displayName: fields.displayName, members: fields.members.length }, target: { type: "scim_group", id } });
    })
    .catch(conflictOnUnique);
  return { resource: await getGroup(em, principal, id), id };
}

async function replaceGroup(em: EntityManager, principal: ScimPrincipal, row: GroupRow, fields: GroupFields): Promise<Record<string, unknown>> {
  const touched = await em
    .transactional(async (tx) => {
      await tx.execute(`update scim_groups set display_name = ?, external_id = ?, updated_at = now() where id = ? and tenant_id = ?`, [fields.displayName, fields.externalId, row.id, principal.tenantId]);
      const affected = await setMembers(tx, principal.tenantId, row.id, fields.members);
      await recordChange(tx, { tenantId: principal.tenantId, audit: "scim.group_updated", data: { displayName: fields.displayName, members: fields.members.length }, target: { type: "scim_group", id: row.id } });
      return affected;
    })
    .catch(conflictOnUnique);
  // A group given a role: whoever joined or left it has their role at once.
  if (row.role) await applyGroupRoles(em, principal.tenantId, touched);
  return getGroup(em, principal, row.id);
}

export async function putGroup(em: EntityManager, principal: ScimPrincipal, id: string, body: unknown): Promise<Record<string, unknown>> {
  return replaceGroup(em, principal, await findRow(em, principal.tenantId, id), readGroup(body));
}

export async function patchGroup(em: EntityManager, principal: ScimPrincipal, id: string, body: unknown): Promise<Record<string, unknown>> {
  const row = await findRow(em, principal.tenantId, id);
  return replaceGroup(em, principal, row, readGroup(applyPatch(await toResource(em, row), body, GROUP_PATCH_SCHEMA)));
}

export async function deleteGroup(em: EntityManager, principal: ScimPrincipal, id: string): Promise<void> {
  const row = await findRow(em, principal.tenantId, id);
  const members = await em.transactional(async (tx) => {
    const rows = await tx.execute<{ scim_user_id: string }[]>(`select scim_user_id from scim_group_members where group_id = ?`, [row.id]);
    await tx.execute(`delete from scim_groups where id = ? and tenant_id = ?`, [row.id, principal.tenantId]);
    await recordChange(tx, { tenantId: principal.tenantId, audit: "scim.group_deleted", data: { displayName: row.display_name }, target: { type: "scim_group", id: row.id } });
    return rows.map((each) => each.scim_user_id);
  });
  if (row.role) await applyGroupRoles(em, principal.tenantId, members);
}

/** The dashboard's groups list (owner): each group with the role it gives, if any. */
export async function listGroupRoles(em: EntityManager, tenantId: string): Promise<Array<{ id: string; displayName: string; role: ProvisionedRole | null; members: number }>> {
  const rows = await em.execute<{ id: string; display_name: string; role: ProvisionedRole | null; members: string }[]>(
    `select g.id, g.display_name, g.role, (select count(*) from scim_group_members gm where gm.group_id = g.id) as members from scim_groups g where g.tenant_id = ? order by lower(g.display_name)`,
    [tenantId],
  );
  return rows.map((row) => ({ id: row.id, displayName: row.display_name, role: row.role, members: Number(row.members) }));
}

/** The owner gives a group a role (`member` or `viewer`, never `owner`), or none: its members have it at once, on every instance. */
export async function setGroupRole(em: EntityManager, tenantId: string, groupId: string, role: ProvisionedRole | null): Promise<{ id: string; displayName: string; role: ProvisionedRole | null }> {
  const row = await findRow(em, tenantId, groupId).catch(() => {
    throw new AppError("NOT_FOUND", "SCIM group not found");
  });
  const members = await em.transactional(async (tx) => {
    await tx.execute(`update scim_groups set role = ?, updated_at = now() where id = ? and tenant_id = ?`, [role, row.id, tenantId]);
    if (row.role !== role) await recordChange(tx, { tenantId, audit: "scim.group_role_changed", data: { displayName: row.display_name, from: row.role, to: role }, target: { type: "scim_group", id: row.id } });
    return (await tx.execute<{ scim_user_id: string }[]>(`select scim_user_id from scim_group_members where group_id = ?`, [row.id])).map((each) => each.scim_user_id);
  });
  await applyGroupRoles(em, tenantId, members);
  return { id: row.id, displayName: row.display_name, role };
}
