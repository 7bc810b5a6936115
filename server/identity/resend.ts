import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "./error-codes";
import { log } from "../platform/log";
import { normalizeEmail } from "./built-in-provider";
import { mailConfirmationLink, mailEmailChangeLink } from "./email-confirmation";
import { AuthUser } from "./entities";
import { requireMail } from "./mail-required";
import { IdentityError } from "./provider-types";

/**
 * GoTrue's `POST /resend` (auth-js `resend`): the sign-up confirmation again, or the link to
 * a pending new address. `{}` for every address, and nothing sent when there is nothing to
 * confirm, as GoTrue does; the mail goes after the answer.
 */
export async function resendConfirmation(em: EntityManager, fields: Record<string, unknown>): Promise<Record<string, never>> {
  const type = typeof fields.type === "string" ? fields.type : "";
  const email = typeof fields.email === "string" ? fields.email : "";
  const phone = typeof fields.phone === "string" ? fields.phone : "";
  if (!["signup", "email_change", "sms", "phone_change"].includes(type)) {
    throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Missing one of these types: signup, email_change, sms, phone_change");
  }
  if (!email && type === "signup") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Type provided requires an email address");
  if (!phone && type === "sms") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Type provided requires a phone number");
  if (email && phone) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Only an email address or phone number should be provided.");
  if (phone || type === "sms" || type === "phone_change") throw new IdentityError(IDENTITY.PHONE_PROVIDER_DISABLED, "Phone logins are disabled");
  if (!email) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Missing email address or phone number");
  const address = normalizeEmail(email);
  requireMail("Resending a confirmation");
  const user = await em.findOne(AuthUser, { email: address });
  if (!user) return {};
  const send =
    type === "signup" && !user.emailConfirmedAt
      ? () => mailConfirmationLink(em.fork(), user)
      : type === "email_change" && user.newEmail
        ? () => mailEmailChangeLink(em.fork(), user.id, user.newEmail!)
        : null;
  void send?.().catch((error: unknown) => log.warn("confirmation mail failed", { error: (error as Error).message }));
  return {};
}
