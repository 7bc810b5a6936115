import type { EntityManager } from "@mikro-orm/postgresql";
import type { ErrorCodeEntry } from "../../platform/error-codes";
import { findAppError } from "../../platform/errors";
import { assertUnderRateLimit, consumeRateLimit } from "../../platform/rate-limit";
import { IdentityError } from "../provider-types";

/**
 * At most 5 wrong codes per factor in 5 minutes (issue 20): six digits fall to guessing
 * otherwise. Only wrong codes count; the limit is held in PostgreSQL for every instance.
 */
const WRONG_CODES = 5;
const WINDOW_SECONDS = 300;
const keyOf = (factorId: string) => `mfa-factor:${factorId}`;

/** Refuses (429 with Retry-After) while the factor has had 5 wrong codes in the window. */
export async function assertCodesAllowed(em: EntityManager, factorId: string, refusal: ErrorCodeEntry, what: string): Promise<void> {
  try {
    await assertUnderRateLimit(em, keyOf(factorId), WRONG_CODES, WINDOW_SECONDS);
  } catch (error) {
    const limited = findAppError(error);
    if (limited?.code !== "RATE_LIMITED") throw error;
    const retryAfter = limited.headers["Retry-After"] ?? String(WINDOW_SECONDS);
    throw new IdentityError(refusal, `Too many ${what}. Try again in ${Math.max(1, Math.ceil(Number(retryAfter) / 60))} minutes.`, { "Retry-After": retryAfter });
  }
}

export async function countWrongCode(em: EntityManager, factorId: string): Promise<void> {
  try {
    await consumeRateLimit(em, keyOf(factorId), WRONG_CODES, WINDOW_SECONDS);
  } catch (error) {
    // This wrong code is answered as wrong; the next attempt gets the 429.
    if (findAppError(error)?.code !== "RATE_LIMITED") throw error;
  }
}
