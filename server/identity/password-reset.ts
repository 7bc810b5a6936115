import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../config";
import { sha256Base64url } from "../crypto/sha256";
import { AppError } from "../errors";
import { checkNewPassword } from "./built-in-provider";
import { hashPassword } from "./passwords";
import { publishSessionRevoked } from "./session-revocations";

/** How long a reset link works (docs/decisions/024): long enough to pass on, short enough to go stale. */
export const RESET_LINK_MINUTES = 60;

export const RESET_UNAVAILABLE_MESSAGE = "Passwords are managed by the identity provider";
export const NO_ACCOUNT_MESSAGE = "No account with this email";

export type ResetLinkState = "ready" | "unknown" | "expired" | "used";

/** What the reset page says for a link that cannot be used: one sentence per case. */
export const RESET_LINK_MESSAGES: Record<Exclude<ResetLinkState, "ready">, string> = {
  unknown: "This reset link is not valid",
  expired: "This reset link has expired",
  used: "This reset link was already used",
};

function requireBuiltInProvider(): void {
  // With a hosted provider the passwords are not ours to set; its own reset flow applies.
  if (!getConfig().usesBuiltInIdentityProvider) throw new AppError("BAD_REQUEST", RESET_UNAVAILABLE_MESSAGE);
}

/**
 * An administrator's one-time reset link for an account: only the token's hash is stored,
 * and any earlier unused link of that account stops working.
 */
export async function issueResetLink(em: EntityManager, email: string, issuedBy: string): Promise<{ url: string; email: string; expiresAt: string }> {
  requireBuiltInProvider();
  const connection = em.getConnection();
  const users = await connection.execute<{ id: string; email: string }[]>(`select id, email from auth_users where lower(email) = lower(?)`, [email.trim()]);
  const user = users[0];
  if (!user) throw new AppError("NOT_FOUND", NO_ACCOUNT_MESSAGE);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
  await em.transactional(async (tx) => {
    const ctx = tx.getTransactionContext();
    await tx.getConnection().execute(`delete from password_reset_links where user_id = ? and used_at is null`, [user.id], "run", ctx);
    await tx
      .getConnection()
      .execute(`insert into password_reset_links (user_id, token_hash, issued_by, expires_at) values (?, ?, ?, ?)`, [user.id, sha256Base64url(token), issuedBy, expiresAt], "run", ctx);
  });
  return { url: `${getConfig().baseUrl}/reset-password/${token}`, email: user.email, expiresAt: expiresAt.toISOString() };
}

interface LinkRow {
  id: string;
  user_id: string;
  email: string;
  expired: boolean;
  used_at: Date | null;
}

function stateOf(row: LinkRow | undefined): ResetLinkState {
  if (!row) return "unknown";
  if (row.used_at) return "used";
  return row.expired ? "expired" : "ready";
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

async function findLink(em: EntityManager, token: string, lock?: { ctx: unknown }): Promise<LinkRow | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const rows = await em.getConnection().execute<LinkRow[]>(
    `select l.id, l.user_id, u.email, l.expires_at <= now() as expired, l.used_at
       from password_reset_links l join auth_users u on u.id = l.user_id
      where l.token_hash = ? ${lock ? "for update of l" : ""}`,
    [sha256Base64url(token)],
    "all",
    lock?.ctx,
  );
  return rows[0];
}

/** Whether a link can be used, and for which account (the reset page shows the email). */
export async function inspectResetLink(em: EntityManager, token: string): Promise<{ state: ResetLinkState; email: string | null }> {
  requireBuiltInProvider();
  const row = await findLink(em, token);
  const state = stateOf(row);
  return { state, email: state === "ready" ? row!.email : null };
}

/**
 * Sets the new password and spends the link, in one transaction under a lock on the link
 * (two submits of one link: one wins, the other reads "already used"). Every session of
 * the account ends (docs/decisions/024), so whoever knew the old password is out; the
 * person signs in again with the new one.
 */
export async function completePasswordReset(em: EntityManager, token: string, password: string): Promise<{ email: string }> {
  requireBuiltInProvider();
  try {
    checkNewPassword(password);
  } catch (error) {
    // The sign-up rule and its words, as a form error of this page.
    throw new AppError("BAD_REQUEST", (error as Error).message);
  }
  const before = await findLink(em, token);
  const state = stateOf(before);
  if (state !== "ready") throw new AppError("BAD_REQUEST", RESET_LINK_MESSAGES[state]);
  // The hash is slow on purpose: computed before the lock is taken.
  const passwordHash = await hashPassword(password);
  const ended = await em.transactional(async (tx) => {
    const ctx = tx.getTransactionContext();
    const connection = tx.getConnection();
    const row = await findLink(tx, token, { ctx });
    const now = stateOf(row);
    if (now !== "ready") throw new AppError("BAD_REQUEST", RESET_LINK_MESSAGES[now]);
    await connection.execute(`update auth_users set password_hash = ?, updated_at = now() where id = ?`, [passwordHash, row!.user_id], "run", ctx);
    await connection.execute(`update password_reset_links set used_at = now() where id = ?`, [row!.id], "run", ctx);
    await connection.execute(`delete from password_reset_links where user_id = ? and used_at is null`, [row!.user_id], "run", ctx);
    return connection.execute<{ id: string }[]>(
      `update auth_sessions set revoked_at = now() where user_id = ? and revoked_at is null returning id`,
      [row!.user_id],
      "all",
      ctx,
    );
  });
  for (const session of ended) await publishSessionRevoked(em, session.id);
  return { email: before!.email };
}
