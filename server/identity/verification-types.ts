import { UniqueConstraintViolationException } from "../platform/db/mikro-orm";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "./error-codes";
import { AuthUser } from "./entities";
import type { OneTimePurpose } from "./tokens/one-time-tokens";
import { IdentityError } from "./provider-types";

/**
 * Which mailed tokens a GoTrue verification `type` may spend (its `verifyTokenHash` and
 * `verifyUserAndToken`): `signup` and `invite` the confirmation token, `magiclink` and
 * `recovery` the recovery one (here the magic link's), `email` either, `email_change` the
 * email change's. `signup` also takes a magic link: a sign-in mail to a new address is the
 * account's first confirmation.
 */
const PURPOSES: Record<string, readonly OneTimePurpose[]> = {
  email: ["confirmation", "magiclink"],
  signup: ["confirmation", "magiclink"],
  invite: ["confirmation"],
  magiclink: ["magiclink"],
  recovery: ["magiclink"],
  email_change: ["email_change"],
};

export const isEmailVerificationType = (type: string): boolean => Object.hasOwn(PURPOSES, type);
export const purposesFor = (type: string): readonly OneTimePurpose[] => PURPOSES[type] ?? [];

/** The types a mailed link (`GET /verify`) carries; `email` is a code's type only, as in GoTrue. */
export const isLinkType = (type: string): boolean => isEmailVerificationType(type) && type !== "email";

/** The account a code was sent for: an email change's code may have gone to the new address. */
export async function accountForCode(em: EntityManager, email: string, type: string): Promise<AuthUser | null> {
  const user = await em.findOne(AuthUser, { email });
  if (user || type !== "email_change") return user;
  return em.findOne(AuthUser, { newEmail: email });
}

/**
 * What a spent token proves before the session opens: an email change's link makes the
 * waiting address the account's (ADR 053: one link, as ADR 036's change), and anonymous
 * no more; every link proves an address, which signInVerified records.
 */
export async function applyVerifiedPurpose(em: EntityManager, userId: string, purpose: OneTimePurpose): Promise<void> {
  if (purpose !== "email_change") return;
  const user = await em.findOneOrFail(AuthUser, { id: userId });
  if (!user.newEmail) throw new IdentityError(IDENTITY.OTP_EXPIRED, "Email link is invalid or has expired");
  user.email = user.newEmail;
  user.newEmail = null;
  user.isAnonymous = false;
  user.updatedAt = new Date();
  try {
    await em.flush();
  } catch (error) {
    // Another account took the address since the link was made: the change cannot apply.
    if (error instanceof UniqueConstraintViolationException) throw new IdentityError(IDENTITY.EMAIL_EXISTS, "A user with this email address has already been registered");
    throw error;
  }
}
