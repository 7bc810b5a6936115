import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { sha256Base64url } from "../platform/crypto/sha256";
import { AppError } from "../platform/errors";
import { checkNewPassword } from "./built-in-provider";
import { hashPassword } from "./passwords";
import { publishSessionRevoked } from "./session-revocations";
import { personActor, recordAccountChange } from "./account-audit";
import { log } from "../platform/log";
import { MAIL_INTERVAL_SECONDS } from "./mail-frequency";
import { withRedirectTarget } from "./mailed-link-target";

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

/** A new link for `user`; any earlier unused link of that account stops working. */
async function createLink(em: EntityManager, userId: string, issuedBy: string | null): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
  await em.transactional(async (tx) => {
    const ctx = tx.getTransactionContext();
    await tx.getConnection().execute(`delete from password_reset_links where user_id = ? and used_at is null`, [userId], "run", ctx);
    await tx
      .getConnection()
      .execute(`insert into password_reset_links (user_id, token_hash, issued_by, expires_at) values (?, ?, ?, ?)`, [userId, sha256Base64url(token), issuedBy, expiresAt], "run", ctx);
  });
  return { url: `${getConfig().baseUrl}/reset-password/${token}`, expiresAt };
}

async function findUserByEmail(em: EntityManager, email: string): Promise<{ id: string; email: string } | undefined> {
  const users = await em.getConnection().execute<{ id: string; email: string }[]>(`select id, email from auth_users where lower(email) = lower(?)`, [email.trim()]);
  return users[0];
}

/**
 * An administrator's one-time reset link for an account: only the token's hash is stored,
 * and any earlier unused link of that account stops working.
 */
export async function issueResetLink(em: EntityManager, email: string, issuedBy: string): Promise<{ url: string; email: string; expiresAt: string }> {
  requireBuiltInProvider();
  const user = await findUserByEmail(em, email);
  if (!user) throw new AppError("NOT_FOUND", NO_ACCOUNT_MESSAGE);
  const link = await createLink(em, user.id, issuedBy);
  return { url: link.url, email: user.email, expiresAt: link.expiresAt.toISOString() };
}


export const MAIL_SENT_MESSAGE = "If an account exists for this email, a reset link is on its way. It works once, for 60 minutes.";

/**
 * "Forgot password?" with SMTP_URL set: mails a link to the account's address. The answer
 * is the same whether or not the account exists (MAIL_SENT_MESSAGE), so the form tells
 * nobody which addresses have accounts; a failed send is logged, not shown.
 */
export async function mailResetLink(
  em: EntityManager,
  email: string,
  send: (message: { to: string; subject: string; text: string }) => Promise<void>,
  redirectTo?: string | null,
): Promise<void> {
  requireBuiltInProvider();
  const user = await findUserByEmail(em, email);
  if (!user) return;
  // One mail per account per MAIL_INTERVAL_SECONDS at most: a second request inside it sends nothing.
  const recent = await em
    .getConnection()
    .execute(`select 1 from password_reset_links where user_id = ? and issued_by is null and created_at > now() - make_interval(secs => ?)`, [user.id, MAIL_INTERVAL_SECONDS]);
  if (recent.length > 0) return;
  const link = await createLink(em, user.id, null);
  try {
    await send({
      to: user.email,
      subject: "Reset your svc password",
      text:
        `Someone asked to reset the password of the svc account ${user.email}.\n\n` +
        `Open this link within ${RESET_LINK_MINUTES} minutes to set a new password (it works once):\n${withRedirectTarget(link.url, redirectTo)}\n\n` +
        `Setting it signs the account out everywhere. If this was not you, ignore this email: your password stays as it is.\n`,
    });
  } catch (error) {
    log.warn("could not send a password reset mail", { error: (error as Error).message });
  }
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
    // A reset link followed proves the address as a confirmation link does (GoTrue's rule too).
    await connection.execute(`update auth_users set password_hash = ?, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = ?`, [
      passwordHash,
      row!.user_id,
    ], "run", ctx);
    await connection.execute(`update password_reset_links set used_at = now() where id = ?`, [row!.id], "run", ctx);
    await connection.execute(`delete from password_reset_links where user_id = ? and used_at is null`, [row!.user_id], "run", ctx);
    const sessions = await connection.execute<{ id: string }[]>(
      `update auth_sessions set revoked_at = now() where user_id = ? and revoked_at is null returning id`,
      [row!.user_id],
      "all",
      ctx,
    );
    // Each ended session is the person's account event (ADR 047): the link proved who they are.
    const actor = personActor({ id: row!.user_id, email: row!.email });
    for (const { id } of sessions) await recordAccountChange(tx, row!.user_id, { audit: "session.revoked", data: {}, target: { type: "session", id }, actor });
    return sessions;
  });
  for (const session of ended) await publishSessionRevoked(em, session.id);
  return { email: before!.email };
}
