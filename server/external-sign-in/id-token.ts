import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";

/**
 * TEMPORARY (issue 31): the other half of this issue (branch `extparts`) writes this module;
 * this minimal version, with the same interface, lets the callback's tests run until the
 * merge, where theirs replaces it.
 */
export class IdTokenError extends Error {}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export async function verifyIdToken(
  token: string,
  opts: { issuer: string; jwksUri: string; audience: string | string[]; nonce?: string; timeoutMs: number },
): Promise<JWTPayload> {
  let keys = keySets.get(opts.jwksUri);
  if (!keys) keySets.set(opts.jwksUri, (keys = createRemoteJWKSet(new URL(opts.jwksUri), { timeoutDuration: opts.timeoutMs })));
  try {
    const { payload } = await jwtVerify(token, keys, { issuer: opts.issuer, audience: opts.audience });
    if (opts.nonce !== undefined && payload.nonce !== opts.nonce) throw new IdTokenError("Nonces mismatch");
    return payload;
  } catch (error) {
    if (error instanceof IdTokenError) throw error;
    throw new IdTokenError(`Bad ID token: ${error instanceof Error ? error.message : "invalid"}`);
  }
}
