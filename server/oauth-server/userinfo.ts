import type { EntityManager } from "@mikro-orm/postgresql";
import { liveAccessToken } from "./access-token-claims";
import { claimsByScope, findOAuthAccount } from "./accounts";

/** An answer of `userinfo`: status, headers and body, in RFC 6750's shape for refusals. */
export interface UserinfoAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const refused = (error: string, description: string, status = 401): UserinfoAnswer => ({
  status,
  headers: { "www-authenticate": `Bearer error="${error}", error_description="${description}"` },
  body: { error, error_description: description },
});

/**
 * `userinfo` (OpenID Connect Core 5.3) for our access tokens, whatever their audience (the
 * library's own refuses any token that carries one): `sub`, then `email`, `name`, `picture`
 * by the token's scope.
 */
export async function userinfo(em: EntityManager, authorization: string | undefined): Promise<UserinfoAnswer> {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization ?? "");
  if (!match) return { status: 401, headers: { "www-authenticate": 'Bearer realm="userinfo"' }, body: { error: "invalid_token", error_description: "no access token provided" } };
  const claims = await liveAccessToken(em, match[1]!);
  if (!claims) return refused("invalid_token", "invalid token provided");
  const account = await findOAuthAccount(em, claims.sub);
  if (!account) return refused("invalid_token", "invalid token provided");
  return { status: 200, headers: {}, body: claimsByScope(account, new Set((claims.scope ?? "").split(" "))) };
}
