import { randomBytes, randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { emailTaken, flushUniqueEmail } from "./admin-email-taken";
import { getConfig } from "../platform/config";
import { IDENTITY } from "./error-codes";
import { log } from "../platform/log";
import { sendMail } from "../platform/mailer";
import { checkNewPassword, normalizeEmail } from "./built-in-provider";
import { AuthUser } from "./entities";
import { requireMail } from "./mail-required";
import { issueOneTimeToken, ONE_TIME_TOKEN_MINUTES, type OneTimePurpose } from "./tokens/one-time-tokens";
import { hashPassword } from "./passwords";
import { IdentityError, type ProviderUser } from "./provider-types";
import { toProviderUser } from "./provider-user";
import { redirectTarget } from "./redirect-target";
import { mergeMetadata, metadataChanges } from "./user-metadata";

/**
 * GoTrue's admin `POST /generate_link` and `POST /invite` (auth-js `auth.admin.generateLink`,
 * `inviteUserByEmail`), for the holder of the service-role key. Their links and six-digit
 * codes are the mailed one-time tokens of passwordless sign-in (one-time-tokens.ts), spent at
 * /auth/v1/verify like any other (docs/decisions/053).
 */
export type GenerateLinkFields = Record<string, unknown>;

export type GeneratedLink = ProviderUser & {
  action_link: string;
  email_otp: string;
  hashed_token: string;
  verification_type: string;
  redirect_to: string;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** GoTrue's `validateEmail`, with its three messages. */
function adminEmail(value: unknown): string {
  const email = text(value);
  if (email === "") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "An email address is required");
  if (email.length > 255) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "An email address is too long");
  return normalizeEmail(email);
}

/** The query's `redirect_to` (auth-js sends it there), else the body's; only this service's origin. */
const targetOf = (query: string | null, fields: GenerateLinkFields) => redirectTarget(query ?? fields.redirect_to);

/** A new account that cannot sign in with a password until one is set (nobody knows the random one). */
async function newAccount(em: EntityManager, email: string, metadata: Record<string, unknown>, password?: string): Promise<AuthUser> {
  const now = new Date();
  return em.create(AuthUser, {
    id: randomUUID(),
    email,
    isAnonymous: false,
    passwordHash: await hashPassword(password ?? randomUUID()),
    emailConfirmedAt: null,
    newEmail: null,
    lastSignInAt: null,
    invitedAt: null,
    userMetadata: metadata,
    appMetadata: {},
    createdAt: now,
    updatedAt: now,
  });
}

/** GoTrue's invite: a new unconfirmed account, or an unconfirmed one invited again; a confirmed one is taken. */
async function inviteAccount(em: EntityManager, user: AuthUser | null, email: string, data: unknown): Promise<AuthUser> {
  if (user?.emailConfirmedAt) throw emailTaken();
  const changes = metadataChanges(data);
  const account = user ?? (await newAccount(em, email, mergeMetadata({}, changes)));
  account.invitedAt = new Date();
  account.updatedAt = new Date();
  await flushUniqueEmail(em);
  return account;
}

/** GoTrue's signup link: a new unconfirmed account with the given password, or an unconfirmed one's metadata merged. */
async function signupAccount(em: EntityManager, user: AuthUser | null, email: string, password: unknown, data: unknown): Promise<AuthUser> {
  if (user?.emailConfirmedAt) throw emailTaken();
  const changes = metadataChanges(data);
  if (user) {
    user.userMetadata = mergeMetadata(user.userMetadata ?? {}, changes);
    user.updatedAt = new Date();
  } else {
    if (text(password) === "") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Signup requires a valid password");
    checkNewPassword(password);
    user = await newAccount(em, email, mergeMetadata({}, changes), password as string);
  }
  await flushUniqueEmail(em);
  return user;
}

/** An email change waiting for its link: the new address must be free. */
async function emailChangeAccount(em: EntityManager, user: AuthUser, newEmailInput: unknown): Promise<AuthUser> {
  const newEmail = adminEmail(newEmailInput);
  const taken = await em.getConnection().execute(`select 1 from auth_users where lower(email) = ? and id <> ?`, [newEmail, user.id]);
  if (taken.length > 0) throw emailTaken();
  user.newEmail = newEmail;
  user.updatedAt = new Date();
  await em.flush();
  return user;
}

const NEEDS_ACCOUNT = new Set(["recovery", "email_change_current", "email_change_new"]);

/** `POST /admin/generate_link`: the account prepared as GoTrue does for `type`, its link and code, nothing mailed. */
export async function adminGenerateLink(em: EntityManager, fields: GenerateLinkFields, redirectQuery: string | null): Promise<GeneratedLink> {
  const email = adminEmail(fields.email);
  const redirectTo = targetOf(redirectQuery, fields);
  let type = text(fields.type);
  let password: unknown = fields.password;
  const existing = await em.findOne(AuthUser, { email });
  if (!existing && type === "magiclink") {
    // GoTrue: a magic link for an unknown address is a sign-up link, with a password nobody knows.
    type = "signup";
    password = randomBytes(48).toString("base64url");
  }
  if (!existing && NEEDS_ACCOUNT.has(type)) throw new IdentityError(IDENTITY.ADMIN_USER_NOT_FOUND, "User with this email not found");
  let user: AuthUser;
  let purpose: OneTimePurpose;
  switch (type) {
    case "signup":
      user = await signupAccount(em, existing, email, password, fields.data);
      purpose = "confirmation";
      break;
    case "invite":
      user = await inviteAccount(em, existing, email, fields.data);
      purpose = "confirmation";
      break;
    case "magiclink":
    case "recovery":
      user = existing!;
      purpose = "magiclink";
      break;
    case "email_change_current":
    case "email_change_new":
      user = await emailChangeAccount(em, existing!, fields.new_email);
      purpose = "email_change";
      break;
    default:
      throw new IdentityError(IDENTITY.VALIDATION_FAILED, `Invalid email action link type requested: ${type.slice(0, 100)}`);
  }
  const { code, link } = await issueOneTimeToken(em, user.id, purpose);
  // Both email change links are followed as GoTrue's `email_change` type.
  const linkType = purpose === "email_change" ? "email_change" : type;
  return {
    ...toProviderUser(user),
    action_link: verifyLink(link!, linkType, redirectTo),
    email_otp: code,
    hashed_token: link!,
    verification_type: type,
    redirect_to: redirectTo,
  };
}

const verifyLink = (token: string, type: string, redirectTo: string) =>
  `${getConfig().baseUrl}/auth/v1/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;

/** `POST /invite`: the invited account, and its link and code by mail (after the answer, as every mail here). */
export async function adminInvite(em: EntityManager, fields: GenerateLinkFields, redirectQuery: string | null): Promise<ProviderUser> {
  const email = adminEmail(fields.email);
  // Checked before any row is written: without mail nobody could accept the invitation.
  requireMail("Inviting by email");
  const redirectTo = targetOf(redirectQuery, fields);
  const user = await inviteAccount(em, await em.findOne(AuthUser, { email }), email, fields.data);
  const { code, link } = await issueOneTimeToken(em, user.id, "confirmation");
  const { baseUrl } = getConfig();
  void sendMail({
    to: user.email,
    subject: "You have been invited",
    text:
      `You have been invited to create an account at ${baseUrl} with this address.\n\n` +
      `Follow this link to accept the invitation (it works once, for ${ONE_TIME_TOKEN_MINUTES} minutes):\n${verifyLink(link!, "invite", redirectTo)}\n\n` +
      `Or enter this code: ${code}\n\n` +
      "If you did not expect it, ignore this mail: nobody signs in without it.\n",
  }).catch((error: unknown) => log.warn("invite mail failed", { error: (error as Error).message }));
  return toProviderUser(user);
}
