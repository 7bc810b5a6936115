import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { IDENTITY, IDENTITY_REDIRECT } from "./error-codes";
import { log } from "../platform/log";
import { sendMail } from "../platform/mailer";
import { BuiltInIdentityProvider, normalizeEmail } from "./built-in-provider";
import { AuthUser } from "./entities";
import { countMailTo } from "./mail-frequency";
import { requireMail } from "./mail-required";
import { issueOneTimeToken, ONE_TIME_TOKEN_MINUTES, spendCode, spendLink, type OneTimePurpose } from "./tokens/one-time-tokens";
import { hashPassword } from "./passwords";
import { IdentityError, type TokenResponse } from "./provider-types";
import { redirectTarget } from "./redirect-target";
import { mergeMetadata, metadataChanges } from "./user-metadata";
import { accountForCode, applyVerifiedPurpose, isEmailVerificationType, isLinkType, purposesFor } from "./verification-types";

/**
 * GoTrue's passwordless sign-in by email (auth-js `signInWithOtp`, `verifyOtp`): one mail
 * carries a magic link and a six-digit code, either signs in once. An unknown address gets
 * an account (unconfirmed, no usable password) unless `create_user` is false; following the
 * link or entering the code confirms it. Phone sign-in is not offered.
 */
const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * `POST /otp`: `{}` for every address, with or without an account, whatever `create_user`
 * says (README's promise, ADR 061; GoTrue answers 422 `otp_disabled` for an unknown address
 * with `create_user: false`). Before answering only the fields are checked and the address's
 * mail interval counted, the same work for every address; finding or making the account, the
 * code and the mail come after the answer, so its time tells nothing either.
 */
export async function sendSignInMail(em: EntityManager, fields: Record<string, unknown>, redirectTo: unknown): Promise<Record<string, never>> {
  const email = text(fields.email);
  const phone = text(fields.phone);
  if (email && phone) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Only an email address or phone number should be provided");
  if (email && text(fields.channel)) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Channel should only be specified with Phone OTP");
  if (phone) throw new IdentityError(IDENTITY.PHONE_PROVIDER_DISABLED, "Unsupported phone provider");
  if (!email) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "One of email or phone must be set");
  const address = normalizeEmail(email);
  const metadata = mergeMetadata({}, metadataChanges(fields.data ?? {}));
  requireMail("Sign-in by email link or code");
  const target = redirectTarget(redirectTo);
  // Inside the interval nothing changes: the code mailed last still works.
  await countMailTo(em, "sign-in", address);
  void mailSignIn(em.fork(), address, fields.create_user !== false ? metadata : null, target).catch((error: unknown) =>
    log.warn("sign-in mail failed", { error: (error as Error).message }),
  );
  return {};
}

/** After the answer: the account (made when `newAccount` metadata is given), a new code and link replacing the last, the mail. */
async function mailSignIn(em: EntityManager, address: string, newAccount: Record<string, unknown> | null, target: string): Promise<void> {
  const user = (await em.findOne(AuthUser, { email: address })) ?? (newAccount ? await createPasswordlessAccount(em, address, newAccount) : null);
  if (!user) return;
  const { code, link } = await issueOneTimeToken(em, user.id, "magiclink");
  const url = `${getConfig().baseUrl}/auth/v1/verify?token=${link}&type=magiclink&redirect_to=${encodeURIComponent(target)}`;
  await sendMail({
    to: user.email,
    subject: "Your sign-in link",
    text:
      `Someone (we hope you) asked to sign in at ${getConfig().baseUrl} with this address.\n\n` +
      `Follow this link to sign in (it works once, for ${ONE_TIME_TOKEN_MINUTES} minutes):\n${url}\n\n` +
      `Or enter this code: ${code}\n\n` +
      "If it was not you, ignore this mail: nobody signs in without it.\n",
  });
}

/** Two requests for one new address at once: the second finds the first's account. */
async function createPasswordlessAccount(em: EntityManager, email: string, metadata: Record<string, unknown>): Promise<AuthUser> {
  const now = new Date();
  await em.getConnection().execute(
    `insert into auth_users (id, email, password_hash, email_confirmed_at, user_metadata, created_at, updated_at)
     values (?, ?, ?, null, ?, ?, ?) on conflict do nothing`,
    // No password anyone knows: a random one, hashed, as GoTrue does for these accounts.
    [randomUUID(), email, await hashPassword(randomUUID()), JSON.stringify(metadata), now, now],
  );
  return em.findOneOrFail(AuthUser, { email });
}

const PHONE_TYPES = new Set(["sms", "phone_change"]);

/** `POST /verify`: a code with its address, or a link's token as `token_hash`; a session. GoTrue's checks, in its order. */
export async function verifyOneTimeToken(em: EntityManager, fields: Record<string, unknown>): Promise<TokenResponse> {
  const type = text(fields.type);
  const token = text(fields.token);
  const tokenHash = text(fields.token_hash);
  const email = text(fields.email);
  const phone = text(fields.phone);
  if (!type) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Verify requires a verification type");
  if ((!token && !tokenHash) || (token && tokenHash)) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Verify requires either a token or a token hash");
  if (token) {
    if (phone && PHONE_TYPES.has(type)) {
      checkPhone(phone);
      // No account here has a phone number: no code was ever sent to one.
      throw codeRefused();
    }
    if (!email || !isEmailVerificationType(type)) {
      throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Only an email address or phone number should be provided on verify");
    }
    const spent = await spendCodeOf(em, email, type, token);
    if (!spent) throw codeRefused();
    return signInVerified(em, spent.userId, spent.purpose);
  }
  if (email || phone || fields.redirect_to !== undefined) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Only the token_hash and type should be provided");
  if (!isEmailVerificationType(type)) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Invalid email verification type");
  const spent = await spendLink(em, tokenHash, purposesFor(type));
  if (!spent) throw linkRefused();
  return signInVerified(em, spent.userId, spent.purpose);
}

/** GoTrue's validatePhone: "+" and spaces dropped, then E.164 digits. */
function checkPhone(phone: string): void {
  if (!/^[1-9][0-9]{1,14}$/.test(phone.replace(/^\+/, "").replaceAll(" ", ""))) {
    throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Invalid phone number format (E.164 required)");
  }
}

/** GoTrue answers a malformed address on verify with 422 "Invalid email format". */
async function spendCodeOf(em: EntityManager, emailInput: unknown, type: string, code: string): Promise<{ userId: string; purpose: OneTimePurpose } | null> {
  let email: string;
  try {
    email = normalizeEmail(emailInput);
  } catch {
    throw new IdentityError(IDENTITY.VALIDATION_FAILED_422, "Invalid email format");
  }
  const user = await accountForCode(em, email, type);
  const purpose = user ? await spendCode(em, user.id, purposesFor(type), code) : null;
  return user && purpose ? { userId: user.id, purpose } : null;
}

export const codeRefused = () => new IdentityError(IDENTITY.OTP_EXPIRED, "Token has expired or is invalid");
export const linkRefused = () => new IdentityError(IDENTITY.OTP_EXPIRED, "Email link is invalid or has expired");

/** A proven address is a confirmed one (GoTrue's recoverVerify confirms too). */
export async function signInVerified(em: EntityManager, userId: string, purpose: OneTimePurpose): Promise<TokenResponse> {
  await applyVerifiedPurpose(em, userId, purpose);
  const user = await em.findOneOrFail(AuthUser, { id: userId });
  user.emailConfirmedAt ??= new Date();
  return new BuiltInIdentityProvider(em).startSession(user);
}

/** `GET /verify?token=…&type=magiclink&redirect_to=…`, a mailed or admin-made link: GoTrue's redirect with the session or the error in the fragment. */
export async function followMagicLink(em: EntityManager, query: { token: string; type: string; redirectTo: string | null }): Promise<string> {
  const target = redirectTarget(query.redirectTo);
  const fragment = new URLSearchParams();
  try {
    if (!query.type) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Verify requires a verification type");
    if (!query.token) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Verify requires a token or a token hash");
    if (!isLinkType(query.type)) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Unsupported verification type");
    const spent = await spendLink(em, query.token, purposesFor(query.type));
    if (!spent) throw linkRefused();
    const session = await signInVerified(em, spent.userId, spent.purpose);
    fragment.set("access_token", session.access_token);
    fragment.set("expires_at", String(session.expires_at));
    fragment.set("expires_in", String(session.expires_in));
    fragment.set("refresh_token", session.refresh_token);
    fragment.set("token_type", "bearer");
    fragment.set("type", query.type);
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    fragment.set("error", error.status === 403 ? IDENTITY_REDIRECT.LINK_REFUSED.code : IDENTITY_REDIRECT.LINK_INVALID.code);
    fragment.set("error_code", error.errorCode);
    fragment.set("error_description", error.message);
    // GoTrue marks its redirects so a client can tell them from another site's.
    fragment.set("sb", "");
  }
  return `${target.split("#")[0]}#${fragment.toString()}`;
}
