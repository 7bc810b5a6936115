import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "./error-codes";
import { canSendMail } from "../platform/mailer";
import { AuthUser } from "./entities";
import { mailEmailChangeLink } from "./email-confirmation";
import { forgetOutstandingLinks } from "./outstanding-links";
import { hashPassword } from "./passwords";
import { IdentityError } from "./provider-types";
import { publishSessionRevoked } from "./session-revocations";
import { endSessionsAudited, personActor } from "./account-audit";

/**
 * `PUT /auth/v1/user` with `password` or `email`, as GoTrue does it (docs/decisions/036).
 * A password change ends every other session of the person and keeps the one that asked:
 * whoever knew the old password is out, the person is not signed out of this device.
 */
export async function changePassword(em: EntityManager, user: AuthUser, keepSessionId: string, password: string): Promise<void> {
  user.passwordHash = await hashPassword(password);
  user.updatedAt = new Date();
  await em.flush();
  // Each session ended is recorded as the person's account event (ADR 047), in the transaction that ends it.
  await endSessionsAudited(
    em,
    `update auth_sessions set revoked_at = now() where user_id = ? and id <> ? and revoked_at is null returning id, user_id`,
    [user.id, keepSessionId],
    "session.revoked",
    publishSessionRevoked,
    personActor(user),
  );
  await forgetOutstandingLinks(em, user.id);
}

/**
 * Without mail the address changes at once. With mail, GoTrue's secure change: the new
 * address waits in `new_email` until the link mailed to it is followed (email-confirmation.ts).
 */
export async function changeEmail(em: EntityManager, user: AuthUser, email: string): Promise<void> {
  if (email === user.email) return;
  const taken = await em.getConnection().execute(`select 1 from auth_users where email = ? and id <> ?`, [email, user.id]);
  if (taken.length > 0) throw new IdentityError(IDENTITY.EMAIL_EXISTS, "A user with this email address has already been registered");
  if (canSendMail()) {
    user.newEmail = email;
    user.updatedAt = new Date();
    await em.flush();
    await mailEmailChangeLink(em, user.id, email);
    return;
  }
  user.email = email;
  user.newEmail = null;
  // Without mail an address counts as confirmed (as at sign-up): an anonymous account that
  // gets one becomes a permanent account, GoTrue's conversion.
  if (user.isAnonymous) {
    user.isAnonymous = false;
    user.emailConfirmedAt ??= new Date();
  }
  user.updatedAt = new Date();
  await em.flush();
}
