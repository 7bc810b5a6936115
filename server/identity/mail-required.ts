import { IDENTITY } from "./error-codes";
import { canSendMail } from "../platform/mailer";
import { IdentityError } from "./provider-types";

/**
 * Everything GoTrue sends by mail (recovery, magic links, codes, re-authentication) needs
 * SMTP_URL here. Without it GoTrue's shape with its closest code, and a message that names
 * the missing setting, so whoever runs the service knows what to set. Checked before any
 * account is looked up: the answer is the same for every address.
 */
export function requireMail(what: string): void {
  if (canSendMail()) return;
  throw new IdentityError(IDENTITY.EMAIL_PROVIDER_DISABLED, `${what} needs mail, and mail is not configured: set SMTP_URL`);
}
