import type { EntityManager } from "@mikro-orm/postgresql";
import { sha256Base64url } from "../platform/crypto/sha256";
import { IDENTITY } from "./error-codes";
import { findAppError } from "../platform/errors";
import { consumeRateLimit } from "../platform/rate-limit";
import { IdentityError } from "./provider-types";

/**
 * GoTrue's `SMTP_MAX_FREQUENCY` (60 s): one mail of a kind per recipient per interval, the
 * interval the reset mail keeps too (password-reset.ts). Counted per address, not per account,
 * and whether or not a mail goes: an address without an account is limited alike, so the
 * limit tells nobody which addresses have one (ADR 061). Held in PostgreSQL like the other
 * limits, so every instance shares it; a request inside the interval changes nothing.
 */
export const MAIL_INTERVAL_SECONDS = 60;

export type LimitedMail = "sign-in" | "already-registered" | "reauthentication";

const keyOf = (kind: LimitedMail, address: string) => `mail-to:${kind}:${sha256Base64url(address)}`;

/** Counts a request for `kind` of mail to `address`; GoTrue's 429 `over_email_send_rate_limit` inside the interval. */
export async function countMailTo(em: EntityManager, kind: LimitedMail, address: string): Promise<void> {
  try {
    await consumeRateLimit(em, keyOf(kind, address), 1, MAIL_INTERVAL_SECONDS);
  } catch (error) {
    const limited = findAppError(error);
    if (limited?.code !== "RATE_LIMITED") throw error;
    const seconds = limited.headers["Retry-After"] ?? String(MAIL_INTERVAL_SECONDS);
    throw new IdentityError(IDENTITY.OVER_EMAIL_SEND_RATE_LIMIT, `For security purposes, you can only request this after ${seconds} seconds.`, { "Retry-After": seconds });
  }
}

/** The same count for a mail whose refusal must not show (it would tell that the address has an account): false inside the interval. */
export async function mayMailTo(em: EntityManager, kind: LimitedMail, address: string): Promise<boolean> {
  try {
    await countMailTo(em, kind, address);
    return true;
  } catch (error) {
    if (error instanceof IdentityError && error.status === 429) return false;
    throw error;
  }
}
