import { randomBytes, randomInt } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { sha256Base64url } from "../../platform/crypto/sha256";

/**
 * GoTrue's mailed one-time tokens: a magic link with its six-digit code (either signs in), or
 * a re-authentication nonce (a code only). The admin API's links (`generate_link`, `invite`)
 * are the same link and code under their own purposes: `confirmation` (sign-up and invite),
 * `email_change`; a recovery link is a `magiclink` one, as GoTrue's share its recovery token. One live token per account and purpose, a new one
 * replaces it; each is spent by its first use; only hashes are stored. 60 minutes, GoTrue's
 * default `MAILER_OTP_EXP`. A code is hashed with its account, as GoTrue hashes it with the
 * address, so one code value never matches another account's row.
 */
export type OneTimePurpose = "magiclink" | "reauthentication" | "confirmation" | "email_change";
export const ONE_TIME_TOKEN_MINUTES = 60;

const codeHash = (userId: string, code: string) => sha256Base64url(`${userId}:${code}`);
/** One placeholder per purpose: the purposes are ours (never input), the values still go as bindings. */
const placeholders = (purposes: readonly OneTimePurpose[]) => purposes.map(() => "?").join(", ");

export async function issueOneTimeToken(em: EntityManager, userId: string, purpose: OneTimePurpose): Promise<{ code: string; link: string | null }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const link = purpose === "reauthentication" ? null : randomBytes(32).toString("base64url");
  await em.getConnection().execute(
    `insert into auth_one_time_tokens (user_id, purpose, link_hash, code_hash, expires_at) values (?, ?, ?, ?, ?)
     on conflict (user_id, purpose) do update
       set link_hash = excluded.link_hash, code_hash = excluded.code_hash, created_at = now(), expires_at = excluded.expires_at`,
    [userId, purpose, link ? sha256Base64url(link) : null, codeHash(userId, code), new Date(Date.now() + ONE_TIME_TOKEN_MINUTES * 60_000)],
  );
  return { code, link };
}

/** Spends the account's live code for one of `purposes`; the purpose it was for, or null for a wrong, used or expired one. */
export async function spendCode(em: EntityManager, userId: string, purposes: readonly OneTimePurpose[], code: string): Promise<OneTimePurpose | null> {
  if (!/^\d{6}$/.test(code) || purposes.length === 0) return null;
  const rows = await em
    .getConnection()
    .execute<{ purpose: OneTimePurpose }[]>(
      `delete from auth_one_time_tokens where user_id = ? and purpose in (${placeholders(purposes)}) and code_hash = ? and expires_at > now() returning purpose`,
      [userId, ...purposes, codeHash(userId, code)],
    );
  return rows[0]?.purpose ?? null;
}

/** Spends a link of one of `purposes`; the account and purpose, or null for a wrong, used or expired one. */
export async function spendLink(em: EntityManager, link: string, purposes: readonly OneTimePurpose[]): Promise<{ userId: string; purpose: OneTimePurpose } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(link) || purposes.length === 0) return null;
  const rows = await em
    .getConnection()
    .execute<{ user_id: string; purpose: OneTimePurpose }[]>(
      `delete from auth_one_time_tokens where link_hash = ? and purpose in (${placeholders(purposes)}) and expires_at > now() returning user_id, purpose`,
      [sha256Base64url(link), ...purposes],
    );
  const row = rows[0];
  return row ? { userId: row.user_id, purpose: row.purpose } : null;
}
