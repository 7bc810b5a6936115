import type { EntityManager } from "@mikro-orm/postgresql";

export interface OAuthAccount {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** The person behind a grant, with what `userinfo` and the token claims may show of them. */
export async function findOAuthAccount(em: EntityManager, userId: string): Promise<OAuthAccount | null> {
  const rows = await em
    .getConnection()
    .execute<{ id: string; email: string; user_metadata: Record<string, unknown> | null }[]>(
      `select id, email, user_metadata from auth_users where id::text = ?`,
      [userId],
    );
  const row = rows[0];
  if (!row) return null;
  const meta = row.user_metadata ?? {};
  return {
    id: row.id,
    email: row.email,
    name: typeof meta.display_name === "string" ? meta.display_name : null,
    picture: typeof meta.avatar_url === "string" ? meta.avatar_url : null,
  };
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
