import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { IDENTITY } from "./error-codes";
import { canSendMail, sendMail } from "../platform/mailer";
import type { AuthUser } from "./entities";
import { countMailTo } from "./mail-frequency";
import { requireMail } from "./mail-required";
import { issueOneTimeToken, ONE_TIME_TOKEN_MINUTES, spendCode } from "./tokens/one-time-tokens";
import { IdentityError } from "./provider-types";

/**
 * GoTrue's re-authentication (auth-js `reauthenticate`, then `updateUser({ password, nonce })`).
 * With mail, a password change from a session signed in more than 24 hours ago needs the
 * nonce mailed to the account, GoTrue's `SECURE_PASSWORD_CHANGE` rule: a stolen old session
 * alone cannot take the account over. Without mail no nonce could ever arrive, so the rule
 * is off (docs/decisions/042).
 */
const FRESH_SESSION_MS = 24 * 3_600_000;

/** `GET /reauthenticate`: mails a six-digit nonce to the signed-in account. */
export async function mailReauthenticationNonce(em: EntityManager, user: AuthUser): Promise<Record<string, never>> {
  if (!user.email) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Reauthentication requires the user to have an email or a phone number");
  if (!user.emailConfirmedAt) throw new IdentityError(IDENTITY.EMAIL_NOT_CONFIRMED_FOR_REAUTH, "Please verify your email first.");
  requireMail("Re-authentication");
  // GoTrue's SMTP_MAX_FREQUENCY here too: one nonce mail a minute, and the nonce mailed last keeps working.
  await countMailTo(em, "reauthentication", user.email);
  const { code } = await issueOneTimeToken(em, user.id, "reauthentication");
  await sendMail({
    to: user.email,
    subject: "Confirm it is you",
    text:
      `Someone (we hope you) asked to change the password of the account ${user.email} at ${getConfig().baseUrl}.\n\n` +
      `Enter this code to confirm it is you (it works once, for ${ONE_TIME_TOKEN_MINUTES} minutes): ${code}\n\n` +
      "If it was not you, change your password: someone is signed in to your account.\n",
  });
  return {};
}

/** Before a password change: throws GoTrue's errors when the session is old and the nonce missing or wrong. */
export async function requireRecentSignInOrNonce(em: EntityManager, user: AuthUser, sessionId: string, nonce: unknown): Promise<void> {
  if (!canSendMail()) return;
  const rows = await em.getConnection().execute<{ created_at: Date }[]>(`select created_at from auth_sessions where id = ?`, [sessionId]);
  const signedInAt = rows[0] ? new Date(rows[0].created_at).getTime() : 0;
  if (Date.now() - signedInAt <= FRESH_SESSION_MS) return;
  if (typeof nonce !== "string" || nonce === "") throw new IdentityError(IDENTITY.REAUTHENTICATION_NEEDED, "Password update requires reauthentication");
  if (!(await spendCode(em, user.id, ["reauthentication"], nonce))) throw new IdentityError(IDENTITY.REAUTHENTICATION_NOT_VALID, "Nonce has expired or is invalid");
}
