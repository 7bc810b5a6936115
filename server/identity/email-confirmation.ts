import { randomBytes, randomUUID } from "node:crypto";
import { UniqueConstraintViolationException } from "../platform/db/mikro-orm";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { sha256Base64url } from "../platform/crypto/sha256";
import { sendMail } from "../platform/mailer";
import type { ProviderUser } from "./provider-types";
import { withRedirectTarget } from "./mailed-link-target";
import { toProviderUser } from "./provider-user";

/**
 * Confirmed addresses with mail (docs/decisions/034), GoTrue's rule: a sign-up answers the
 * same whether the address is new or not, so it tells nobody whether an account exists.
 * A new address gets an unconfirmed account and a link; a registered one gets a note to its
 * owner; both answer the user object without a session (a made-up id for the registered one).
 */
export const CONFIRMATION_LINK_HOURS = 24;

/** GoTrue's answer to a sign-up that needs confirmation: the user, no session. */
export type PendingSignUp = ProviderUser & { confirmation_sent_at: string; identities: never[] };

export function pendingSignUp(user: ProviderUser, sentAt: Date): PendingSignUp {
  return { ...user, confirmation_sent_at: sentAt.toISOString(), identities: [] };
}

/** The same shape for an address that already has an account: a made-up id, as GoTrue does. */
export function madeUpSignUp(email: string, metadata: Record<string, unknown>, now: Date): PendingSignUp {
  const user = { id: randomUUID(), email, isAnonymous: false, emailConfirmedAt: null, newEmail: null, lastSignInAt: null, userMetadata: metadata, createdAt: now, updatedAt: now };
  return pendingSignUp(toProviderUser(user), now);
}

export async function mailConfirmationLink(em: EntityManager, user: { id: string; email: string }, redirectTo?: string | null): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await em
    .getConnection()
    .execute(`insert into email_confirmations (token_hash, user_id, expires_at) values (?, ?, ?)`, [sha256Base64url(token), user.id, new Date(Date.now() + CONFIRMATION_LINK_HOURS * 3_600_000)]);
  const { baseUrl } = getConfig();
  await sendMail({
    to: user.email,
    subject: "Confirm your email address",
    text:
      `Someone (we hope you) signed up with this address at ${baseUrl}.\n\n` +
      `Confirm it to sign in (the link works for ${CONFIRMATION_LINK_HOURS} hours):\n${withRedirectTarget(`${baseUrl}/confirm-email/${token}`, redirectTo)}\n\n` +
      "If it was not you, ignore this mail: the account stays unusable without the link.\n",
  });
}

/** The secure email change: a link to the new address that, followed, makes it the account's. */
export async function mailEmailChangeLink(em: EntityManager, userId: string, newEmail: string): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await em
    .getConnection()
    .execute(`insert into email_confirmations (token_hash, user_id, expires_at, new_email) values (?, ?, ?, ?)`, [
      sha256Base64url(token),
      userId,
      new Date(Date.now() + CONFIRMATION_LINK_HOURS * 3_600_000),
      newEmail,
    ]);
  const { baseUrl } = getConfig();
  await sendMail({
    to: newEmail,
    subject: "Confirm your new email address",
    text:
      `Someone (we hope you) asked to use this address for their account at ${baseUrl}.\n\n` +
      `Confirm it (the link works for ${CONFIRMATION_LINK_HOURS} hours):\n${baseUrl}/confirm-email/${token}\n\n` +
      "If it was not you, ignore this mail: nothing changes without the link.\n",
  });
}

export async function mailAlreadyRegistered(email: string): Promise<void> {
  const { baseUrl } = getConfig();
  await sendMail({
    to: email,
    subject: "Someone tried to create an account with your address",
    text:
      `Someone tried to create an account at ${baseUrl} with this address, which already has one.\n\n` +
      `If it was you, sign in at ${baseUrl}/login, or reset your password at ${baseUrl}/forgot-password.\n` +
      "If it was not you, you need not do anything.\n",
  });
}

export type ConfirmationResult = "confirmed" | "unknown" | "expired";

/** Follows a mailed link: confirms its account once; a followed link stays "confirmed" (reloads are harmless). */
export async function confirmEmail(em: EntityManager, token: string): Promise<ConfirmationResult> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "unknown";
  const rows = await em.getConnection().execute<{ user_id: string; expires_at: Date; used_at: Date | null; new_email: string | null }[]>(
    `select user_id, expires_at, used_at, new_email from email_confirmations where token_hash = ?`,
    [sha256Base64url(token)],
  );
  const row = rows[0];
  if (!row) return "unknown";
  if (row.used_at) return "confirmed";
  if (new Date(row.expires_at).getTime() <= Date.now()) return "expired";
  try {
    await confirmInTransaction(em, token, row);
  } catch (error) {
    // Another account took the new address meanwhile: the link can no longer apply.
    if (error instanceof UniqueConstraintViolationException) return "unknown";
    throw error;
  }
  return "confirmed";
}

async function confirmInTransaction(em: EntityManager, token: string, row: { user_id: string; new_email: string | null }): Promise<void> {
  await em.transactional(async (tx) => {
    const ctx = tx.getTransactionContext();
    await tx.getConnection().execute(`update email_confirmations set used_at = now() where token_hash = ?`, [sha256Base64url(token)], "run", ctx);
    await tx.getConnection().execute(`update auth_users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ?`, [row.user_id], "run", ctx);
    // An email change: the pending address becomes the account's, if it is still the one asked for.
    if (row.new_email) {
      await tx
        .getConnection()
        .execute(`update auth_users set email = new_email, new_email = null, is_anonymous = false, updated_at = now() where id = ? and new_email = ?`, [row.user_id, row.new_email], "run", ctx);
    }
  });
}
