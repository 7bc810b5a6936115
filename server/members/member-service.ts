import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { sha256Base64url } from "../platform/crypto/sha256";
import { AppError } from "../platform/errors";
import { revokeMemberKeys } from "../keys";
import { recordChange } from "../changes";
import type { MembershipRole } from "../tenants";
import { publishMembershipChanged } from "./membership-changes";
import type { InvitationView, InviteInput, MemberView } from "./schemas";

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;


const memberNotFound = () => new AppError("NOT_FOUND", "Member not found");
const ownerIsFixed = () => new AppError("CONFLICT", "The workspace owner cannot be removed or demoted");

const sql = (em: EntityManager) => em.getConnection();

/**
 * The members of a workspace, owner first. Email and name come from the built-in
 * provider's accounts, else from the invitation the member accepted (a hosted provider's
 * accounts are not in our database).
 */
export async function listMembers(em: EntityManager, tenantId: string): Promise<MemberView[]> {
  const rows = await sql(em).execute<{ user_id: string; email: string | null; display_name: string | null; role: MembershipRole; created_at: Date }[]>(
    `select m.user_id, coalesce(u.email, i.email) as email, u.user_metadata ->> 'display_name' as display_name, m.role, m.created_at
       from tenant_memberships m
       left join auth_users u on u.id = m.user_id
       left join lateral (select email from tenant_invitations where tenant_id = m.tenant_id and accepted_by = m.user_id order by accepted_at desc limit 1) i on true
      where m.tenant_id = ?
      order by (m.role = 'owner') desc, m.created_at asc`,
    [tenantId],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email ?? "",
    displayName: row.display_name ?? "",
    role: row.role,
    joinedAt: new Date(row.created_at).toISOString(),
  }));
}

/** Invitations still waiting: not accepted, not revoked, not expired. */
export async function listPendingInvitations(em: EntityManager, tenantId: string): Promise<InvitationView[]> {
  const rows = await sql(em).execute<{ id: string; email: string; role: "member" | "viewer"; created_at: Date; expires_at: Date }[]>(
    `select id, email, role, created_at, expires_at from tenant_invitations
      where tenant_id = ? and accepted_at is null and revoked_at is null and expires_at > now()
      order by created_at desc`,
    [tenantId],
  );
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.role, createdAt: new Date(row.created_at).toISOString(), expiresAt: new Date(row.expires_at).toISOString() }));
}

export function invitationUrl(token: string): string {
  return `${getConfig().baseUrl}/invite/${token}`;
}

/**
 * Invites `email` with `role`. The link is shown once (only its hash is stored); inviting
 * an email that already has a pending invitation replaces it, so a lost link is never a
 * dead end. Inviting a current member is a 409.
 */
export async function inviteMember(em: EntityManager, tenantId: string, invitedBy: string, input: InviteInput) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  return em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const context = tx.getTransactionContext();
    const member = await conn.execute<{ n: number }[]>(
      `select 1 as n from tenant_memberships m join auth_users u on u.id = m.user_id where m.tenant_id = ? and lower(u.email) = ?`,
      [tenantId, input.email],
      "all",
      context,
    );
    if (member.length > 0) throw new AppError("CONFLICT", "This person is already a member of the workspace");
    await conn.execute(
      `update tenant_invitations set revoked_at = now() where tenant_id = ? and lower(email) = ? and accepted_at is null and revoked_at is null`,
      [tenantId, input.email],
      "all",
      context,
    );
    const rows = await conn.execute<{ id: string }[]>(
      `insert into tenant_invitations (tenant_id, email, role, token_hash, invited_by, expires_at) values (?, ?, ?, ?, ?, ?) returning id`,
      [tenantId, input.email, input.role, sha256Base64url(token), invitedBy, expiresAt],
      "all",
      context,
    );
    await recordChange(tx, { tenantId, audit: "member.invited", data: { email: input.email, role: input.role }, target: { type: "invitation", id: rows[0]!.id } });
    return { id: rows[0]!.id, url: invitationUrl(token), expiresAt: expiresAt.toISOString() };
  });
}

export async function revokeInvitation(em: EntityManager, tenantId: string, id: string): Promise<void> {
  const rows = await sql(em).execute(
    `update tenant_invitations set revoked_at = now() where id = ? and tenant_id = ? and accepted_at is null and revoked_at is null returning id`,
    [id, tenantId],
  );
  if (rows.length === 0) throw new AppError("NOT_FOUND", "Invitation not found");
}

async function currentRole(em: EntityManager, tenantId: string, userId: string): Promise<MembershipRole> {
  const rows = await sql(em).execute<{ role: MembershipRole }[]>(`select role from tenant_memberships where tenant_id = ? and user_id = ?`, [tenantId, userId]);
  if (rows.length === 0) throw memberNotFound();
  return rows[0]!.role;
}

/**
 * Changes a member's role. A real change also revokes the keys they minted in the workspace
 * (docs/decisions/029): a key carries no role of its own, so a key minted as a member would
 * otherwise keep a member's reach (decrypted variables, the provider proxy, connect sessions)
 * after a demotion. Every instance evicts them at once (publishKeyRevoked).
 */
export async function changeMemberRole(em: EntityManager, tenantId: string, userId: string, role: "member" | "viewer"): Promise<MemberView> {
  const before = await currentRole(em, tenantId, userId);
  if (before === "owner") throw ownerIsFixed();
  // The owner row is excluded in SQL too, so no race can demote it. The role and its audit row commit together.
  await em.transactional(async (tx) => {
    const rows = await tx.execute(`update tenant_memberships set role = ? where tenant_id = ? and user_id = ? and role <> 'owner' returning user_id`, [role, tenantId, userId]);
    if (rows.length === 0) throw memberNotFound();
    if (before !== role) await recordChange(tx, { tenantId, audit: "member.role_changed", data: { from: before, to: role }, target: { type: "person", id: userId } });
  });
  if (before !== role) await revokeMemberKeys(em, tenantId, userId);
  await publishMembershipChanged(em, tenantId, userId);
  return (await listMembers(em, tenantId)).find((m) => m.userId === userId)!;
}

/**
 * Removes a member: their membership, their keys into the workspace and their open
 * app-proxy sessions go together, and every instance forgets them at once.
 */
export async function removeMember(em: EntityManager, tenantId: string, userId: string): Promise<void> {
  if ((await currentRole(em, tenantId, userId)) === "owner") throw ownerIsFixed();
  const email = (await listMembers(em, tenantId)).find((m) => m.userId === userId)?.email ?? "";
  // The membership and its change record (webhooks, the event feed) commit together.
  await em.transactional(async (tx) => {
    const rows = await tx.execute<{ role: MembershipRole }[]>(
      `delete from tenant_memberships where tenant_id = ? and user_id = ? and role <> 'owner' returning role`,
      [tenantId, userId],
    );
    if (rows.length === 0) throw memberNotFound();
    await recordChange(tx, { tenantId, type: "member.removed", data: { userId, email, role: rows[0]!.role }, target: { type: "person", id: userId } });
  });
  await sql(em).execute(`update app_sessions set revoked_at = now() where tenant_id = ? and user_id = ? and revoked_at is null`, [tenantId, userId]);
  await revokeMemberKeys(em, tenantId, userId);
  await publishMembershipChanged(em, tenantId, userId);
}

export const INVITATION_STATUS_MESSAGE = {
  accepted: "This invitation has already been used",
  revoked: "This invitation has been revoked",
  expired: "This invitation has expired",
} as const;

export interface InvitationPreview {
  tenantId: string;
  workspaceName: string;
  email: string;
  role: "member" | "viewer";
  status: "pending" | "accepted" | "revoked" | "expired";
}

export async function previewInvitation(em: EntityManager, token: string): Promise<InvitationPreview | null> {
  const rows = await sql(em).execute<{ tenant_id: string; name: string; email: string; role: "member" | "viewer"; accepted_at: Date | null; revoked_at: Date | null; expires_at: Date }[]>(
    `select i.tenant_id, t.name, i.email, i.role, i.accepted_at, i.revoked_at, i.expires_at
       from tenant_invitations i join tenants t on t.id = i.tenant_id where i.token_hash = ?`,
    [sha256Base64url(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const status = row.accepted_at ? "accepted" : row.revoked_at ? "revoked" : new Date(row.expires_at).getTime() <= Date.now() ? "expired" : "pending";
  return { tenantId: row.tenant_id, workspaceName: row.name, email: row.email, role: row.role, status };
}

/**
 * Accepts an invitation for the signed-in person: only with the invited email, only once
 * (the row is claimed atomically, so two tabs cannot both use it), and never to demote
 * someone who is already a member.
 */
export async function acceptInvitation(em: EntityManager, token: string, user: { userId: string; email: string }): Promise<{ tenantId: string }> {
  const preview = await previewInvitation(em, token);
  if (!preview) throw new AppError("NOT_FOUND", "Invitation not found");
  if (preview.status !== "pending") throw new AppError("CONFLICT", INVITATION_STATUS_MESSAGE[preview.status]);
  if (preview.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("FORBIDDEN", `This invitation is for ${preview.email}; you are signed in as ${user.email}`);
  }
  return em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const context = tx.getTransactionContext();
    const claimed = await conn.execute<{ tenant_id: string; role: string }[]>(
      `update tenant_invitations set accepted_at = now(), accepted_by = ?
        where token_hash = ? and accepted_at is null and revoked_at is null and expires_at > now() returning tenant_id, role`,
      [user.userId, sha256Base64url(token)],
      "all",
      context,
    );
    const row = claimed[0];
    if (!row) throw new AppError("CONFLICT", INVITATION_STATUS_MESSAGE.accepted);
    const joined = await conn.execute<{ user_id: string }[]>(
      `insert into tenant_memberships (tenant_id, user_id, role) values (?, ?, ?) on conflict (tenant_id, user_id) do nothing returning user_id`,
      [row.tenant_id, user.userId, row.role],
      "all",
      context,
    );
    // Only a person who was not a member yet is announced (webhooks, the event feed).
    if (joined.length > 0) {
      await recordChange(tx, {
        tenantId: row.tenant_id,
        type: "member.added",
        data: { userId: user.userId, email: user.email, role: row.role },
        target: { type: "person", id: user.userId },
      });
    }
    return { tenantId: row.tenant_id };
  });
}
