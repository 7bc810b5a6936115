import type { EntityManager } from "@mikro-orm/postgresql";
import { isUuidText } from "../platform/db/uuid-text";

export interface OAuthAccount {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** The person behind a grant, with what `userinfo` and the token claims may show of them. */
export async function findOAuthAccount(em: EntityManager, userId: string): Promise<OAuthAccount | null> {
  // A subject that is no uuid names no account (and must not reach a uuid comparison).
  if (!isUuidText(userId)) return null;
  const rows = await em
    .getConnection()
    .execute<{ id: string; email: string; user_metadata: Record<string, unknown> | null }[]>(
      `select id, email, user_metadata from auth_users where id = ?::uuid`,
      [userId],
    );
  const row = rows[0];
  return row ? oauthAccount(row.id, row.email, row.user_metadata) : null;
}

/** An account row as `OAuthAccount`: the display name and avatar from its metadata. */
export function oauthAccount(id: string, email: string, metadata: Record<string, unknown> | null): OAuthAccount {
  const meta = metadata ?? {};
  return {
    id,
    email,
    name: typeof meta.display_name === "string" ? meta.display_name : null,
    picture: typeof meta.avatar_url === "string" ? meta.avatar_url : null,
  };
}

const loadedPerRequest = new WeakMap<object, Map<string, Promise<OAuthAccount | null>>>();

/**
 * `findOAuthAccount`, once per request: the library asks for the account (`findAccount`) and
 * the token claims (`extraTokenClaims`) ask again within one code exchange or refresh; both
 * read the same row, so the second reads the first's answer (issue 30, ADR 073). Keyed by
 * the library's request context, so nothing outlives the request.
 */
export function findOAuthAccountOnce(request: object, em: EntityManager, userId: string): Promise<OAuthAccount | null> {
  let loaded = loadedPerRequest.get(request);
  if (!loaded) loadedPerRequest.set(request, (loaded = new Map()));
  let account = loaded.get(userId);
  if (!account) {
    account = findOAuthAccount(em, userId);
    loaded.set(userId, account);
    // A failed load is not remembered: a later ask in the request tries again, as before.
    account.catch(() => loaded.delete(userId));
  }
  return account;
}

/** An account the request already read (with its token, token-with-grant.ts): the next ask takes it. */
export function rememberOAuthAccount(request: object, userId: string, account: OAuthAccount): void {
  let loaded = loadedPerRequest.get(request);
  if (!loaded) loadedPerRequest.set(request, (loaded = new Map()));
  if (!loaded.has(userId)) loaded.set(userId, Promise.resolve(account));
}

/** `userinfo` by scope (issue 15): `sub` always, `email` with `email`, `name` and `picture` with `profile`. */
export function claimsByScope(account: OAuthAccount, scopes: Set<string>): { sub: string } & Record<string, string> {
  const claims: { sub: string } & Record<string, string> = { sub: account.id };
  if (scopes.has("email")) claims.email = account.email;
  if (scopes.has("profile")) {
    if (account.name) claims.name = account.name;
    if (account.picture) claims.picture = account.picture;
  }
  return claims;
}
