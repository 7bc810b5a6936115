import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "./error-codes";
import { log } from "../platform/log";
import { sendMail } from "../platform/mailer";
import { normalizeEmail } from "./built-in-provider";
import { requireMail } from "./mail-required";
import { mailResetLink } from "./password-reset";
import { IdentityError } from "./provider-types";

/**
 * GoTrue's `POST /recover` (auth-js `resetPasswordForEmail`): the reset link of "Forgot
 * password?" by mail. The answer is `{}` whether or not the address has an account, and the
 * mail is sent after answering, so neither the body nor the time tells which addresses exist.
 */
export async function recoverByEmail(em: EntityManager, emailInput: unknown, redirectTo?: string | null): Promise<Record<string, never>> {
  if (emailInput === undefined || emailInput === null || emailInput === "") {
    throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Password recovery requires an email");
  }
  const email = normalizeEmail(emailInput);
  requireMail("Password recovery");
  void mailResetLink(em.fork(), email, sendMail, redirectTo).catch((error: unknown) => log.warn("password recovery mail failed", { error: (error as Error).message }));
  return {};
}
