import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY, IdentityError } from "../identity";
import { getConfig } from "../platform/config";
import { findAppError } from "../platform/errors";
import { consumeRateLimit } from "../platform/rate-limit";

/**
 * Single sign-on's public doors counted per client address at SIGNIN_RATE_LIMIT_PER_ADDRESS,
 * each in its own bucket so they never use up a person's password tries (GoTrue limits
 * `POST /sso` per address too, its RATE_LIMIT_SSO):
 * - `discovery`: /login's home-realm look-ups; unlimited, one address could walk a list of
 *   domains to learn which have a company provider;
 * - `start`: `POST /auth/v1/sso` and /login's "Sign in with single sign-on", each of which
 *   writes a relay state row.
 * Over the limit: GoTrue's 429 `over_request_rate_limit` with `Retry-After`.
 */
const WHAT = { discovery: "single sign-on look-ups", start: "single sign-on starts" } as const;

export async function countSsoRequest(em: EntityManager, kind: keyof typeof WHAT, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const config = getConfig();
  try {
    await consumeRateLimit(em, `sso-${kind}-address:${clientAddress}`, config.SIGNIN_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS);
  } catch (error) {
    const limited = findAppError(error);
    if (limited?.code !== "RATE_LIMITED") throw error;
    throw new IdentityError(IDENTITY.OVER_REQUEST_RATE_LIMIT, `Too many ${WHAT[kind]} from this address. Try again later.`, { "Retry-After": limited.headers["Retry-After"] ?? "60" });
  }
}
