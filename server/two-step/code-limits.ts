import type { EntityManager } from "@mikro-orm/postgresql";
import type { ErrorCodeEntry } from "../platform/error-codes";
import { findAppError } from "../platform/errors";
import { consumeRateLimit, releaseRateLimit } from "../platform/rate-limit";
import { IdentityError } from "../identity";

/**
 * At most 5 wrong codes per factor in 5 minutes (issue 20): six digits fall to guessing
 * otherwise. Only wrong codes count; the limit is held in PostgreSQL for every instance.
 */
const WRONG_CODES = 5;
const WINDOW_SECONDS = 300;
const keyOf = (factorId: string) => `mfa-factor:${factorId}`;

/**
 * Takes one of the factor's tries before its code is checked: 429 (with Retry-After) past the
 * 5th in the window. Counting first is what holds the limit against codes sent at once: a check
 * made before any of them was counted let all eight of a parallel burst through (issue 27).
 * A right code gives its try back (`giveBackCodeAttempt`): only wrong codes count.
 */
export async function takeCodeAttempt(em: EntityManager, factorId: string, refusal: ErrorCodeEntry, what: string): Promise<void> {
  try {
    await consumeRateLimit(em, keyOf(factorId), WRONG_CODES, WINDOW_SECONDS);
  } catch (error) {
    const limited = findAppError(error);
    if (limited?.code !== "RATE_LIMITED") throw error;
    const retryAfter = limited.headers["Retry-After"] ?? String(WINDOW_SECONDS);
    throw new IdentityError(refusal, `Too many ${what}. Try again in ${Math.max(1, Math.ceil(Number(retryAfter) / 60))} minutes.`, { "Retry-After": retryAfter });
  }
}

export function giveBackCodeAttempt(em: EntityManager, factorId: string): Promise<void> {
  return releaseRateLimit(em, keyOf(factorId));
}
