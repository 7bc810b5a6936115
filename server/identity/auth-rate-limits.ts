import { IDENTITY } from "./error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { runComposed } from "../platform/db/prepared-statement";
import { sha256Base64url } from "../platform/crypto/sha256";
import { AppError, findAppError } from "../platform/errors";
import { assertUnderRateLimit, consumeRateLimit, consumeRateLimits, rateLimitCounting, refuseOverRateLimit, resetRateLimit } from "../platform/rate-limit";
import { IdentityError } from "./provider-types";

/**
 * Brute-force limits on the credentials surface, held in PostgreSQL like the workspace
 * limiter so every instance shares them (docs/decisions/007):
 *  - password sign-in: attempts per account and per client address, counted BEFORE the
 *    password is hashed, so a flood costs one indexed upsert per request and never a hash;
 *    while limited even the right password is refused; success forgives the account;
 *  - sign-up: attempts per client address;
 *  - API keys and connect sessions (svc_sk_, svc_cs_): failed lookups per client address, one count
 *    for both (a valid cached key never counts).
 * A client address is unknown under a host that does not pass one (remix-serve): then the
 * per-address limits do not apply, the per-account one still does.
 */

function minutes(retryAfterSeconds: string | undefined): string {
  const m = Math.max(1, Math.ceil(Number(retryAfterSeconds ?? 60) / 60));
  return m === 1 ? "1 minute" : `${m} minutes`;
}

/** The limiter's AppError, in the identity provider's shape (GoTrue's `over_request_rate_limit`). */
async function asIdentityLimit(what: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    const limited = findAppError(error);
    if (limited?.code !== "RATE_LIMITED") throw error;
    const retryAfter = limited.headers["Retry-After"];
    throw new IdentityError(IDENTITY.OVER_REQUEST_RATE_LIMIT, `Too many ${what}. Try again in ${minutes(retryAfter)}.`, { "Retry-After": retryAfter ?? "60" });
  }
}

const accountKey = (email: string) => `signin-account:${sha256Base64url(email.trim().toLowerCase())}`;

/** The counter of an account's password sign-in attempts, which a successful sign-in deletes (forgives). */
export const signInAttemptsKey = accountKey;

/** The limits a password sign-in counts, in order: the address (when known), then the account (not counted while the address is refused). */
function signInLimits(email: string, clientAddress: string | null): { key: string; limit: number }[] {
  const config = getConfig();
  const address = clientAddress ? [{ key: `signin-address:${clientAddress}`, limit: config.SIGNIN_RATE_LIMIT_PER_ADDRESS }] : [];
  return [...address, { key: accountKey(email), limit: config.SIGNIN_RATE_LIMIT_PER_ACCOUNT }];
}

/** Counts a password sign-in attempt; throws 429 when the account or the address is over its limit. */
export async function countSignInAttempt(em: EntityManager, email: string, clientAddress: string | null): Promise<void> {
  // One statement for both limits.
  await asIdentityLimit("sign-in attempts", () => consumeRateLimits(em, signInLimits(email, clientAddress), getConfig().AUTH_RATE_WINDOW_SECONDS));
}

/**
 * `countSignInAttempt` and a read in the same statement (ADR 093): the built-in provider's
 * account read rides on the count, one round trip where there were two. `read` is a select of
 * at most one row; its row comes back (null when it found none) once the count passed, and
 * the count refuses as `countSignInAttempt` does. The read runs also when the count refuses:
 * its row is then dropped unseen.
 */
export async function countSignInAttemptWithRead(em: EntityManager, email: string, clientAddress: string | null, read: { sql: string; params: unknown[] }): Promise<Record<string, unknown> | null> {
  const limits = signInLimits(email, clientAddress);
  const counting = rateLimitCounting(limits, getConfig().AUTH_RATE_WINDOW_SECONDS);
  // Prepared (one shape with the address, one without): planning it cost PostgreSQL more than running it.
  const rows = await runComposed<Record<string, unknown>>(em, "sign-in-count", `with ${counting.steps} select ${counting.json} as counted_limits, found.* from (select 1) as one left join lateral (${read.sql}) as found on true`, [
    ...counting.params,
    ...read.params,
  ]);
  const { counted_limits: counted, ...found } = rows[0] ?? {};
  await asIdentityLimit("sign-in attempts", async () => refuseOverRateLimit(limits, (counted ?? []) as { step: number; hits: number; retry_after: number }[]));
  return Object.values(found).some((value) => value !== null) ? found : null;
}

/**
 * A passkey sign-in starts with options that store a challenge and need no account: each
 * start counts as a sign-in attempt from the address (SIGNIN_RATE_LIMIT_PER_ADDRESS), so a
 * flood is refused before it fills the challenge table.
 */
export async function countPasskeySignInAttempt(em: EntityManager, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const config = getConfig();
  await asIdentityLimit("sign-in attempts", () =>
    consumeRateLimit(em, `signin-address:${clientAddress}`, config.SIGNIN_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS),
  );
}

export function forgiveSignInAttempts(em: EntityManager, email: string): Promise<void> {
  return resetRateLimit(em, accountKey(email));
}

export async function countSignUpAttempt(em: EntityManager, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const config = getConfig();
  await asIdentityLimit("sign-up attempts", () =>
    consumeRateLimit(em, `signup-address:${clientAddress}`, config.SIGNUP_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS),
  );
}

/**
 * Counts a dynamic client registration (RFC 7591, issue 15) from this address; throws the
 * limiter's 429 (`Retry-After`) when the address is over OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS.
 */
export async function countClientRegistration(em: EntityManager, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const config = getConfig();
  await consumeRateLimit(em, `oauth-registration-address:${clientAddress}`, config.OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS);
}

/**
 * RFC 8628 5.1: user codes are short enough to guess, so each code entered on the device page
 * (every post of the page's form that names one: the library looks each up) counts against
 * the client address, DEVICE_CODE_ENTRY_RATE_LIMIT_PER_ADDRESS per AUTH_RATE_WINDOW_SECONDS.
 * Counted before the lookup, so guesses posted at once cannot all pass (issue 27). Throws the
 * limiter's RATE_LIMITED (with Retry-After) past the limit.
 */
export async function countDeviceCodeEntry(em: EntityManager, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const config = getConfig();
  await consumeRateLimit(em, `device-code-entry-address:${clientAddress}`, config.DEVICE_CODE_ENTRY_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS);
}

/**
 * RFC 8628 3.5: a device that polls the token endpoint sooner than `interval` seconds after
 * its last poll is told `slow_down`. False when this poll came too soon (one per interval, in
 * the shared limiter so every instance agrees).
 */
export async function devicePollAllowed(em: EntityManager, deviceCode: string, intervalSeconds: number): Promise<boolean> {
  try {
    await consumeRateLimit(em, `device-poll:${sha256Base64url(deviceCode)}`, 1, intervalSeconds);
    return true;
  } catch (error) {
    if (findAppError(error)?.code === "RATE_LIMITED") return false;
    throw error;
  }
}

const keyFailureKey = (clientAddress: string) => `key-failure-address:${clientAddress}`;

/** Before an uncached key lookup: 429 while this address has failed too often. */
export function assertKeyLookupsAllowed(em: EntityManager, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return Promise.resolve();
  const config = getConfig();
  return assertUnderRateLimit(em, keyFailureKey(clientAddress), config.KEY_FAILURE_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS);
}

export async function countKeyFailure(em: EntityManager, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const config = getConfig();
  try {
    await consumeRateLimit(em, keyFailureKey(clientAddress), config.KEY_FAILURE_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS);
  } catch (error) {
    // This failure is answered 401 as usual; the next lookup from here gets the 429.
    if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
  }
}

/** Requests that send mail (recovery, magic links, codes, resends): per client address, as sign-ups. */
export async function countMailRequest(em: EntityManager, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const config = getConfig();
  await asIdentityLimit("requests for mail", () =>
    consumeRateLimit(em, `mail-address:${clientAddress}`, config.SIGNUP_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS),
  );
}
