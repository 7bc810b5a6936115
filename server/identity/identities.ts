import type { EntityManager } from "@mikro-orm/postgresql";
import type { ProviderIdentity } from "./provider-types";

/**
 * The account's identities (GoTrue's `identities`, table `auth_identities`, ADR 075): the
 * `email` identity of a password account and one per upstream provider. An account that
 * never signed in upstream has at most the email identity, which its own row describes
 * exactly (id, address, times); only an account whose `app_metadata.providers` names an
 * upstream provider has its identities read, so the password and refresh paths keep their
 * round trips.
 */
export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: Record<string, unknown>;
  email: string | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** True when the account has an identity besides `email`, as its stored `app_metadata.providers` says. */
export function hasUpstreamIdentity(user: { appMetadata?: Record<string, unknown> }): boolean {
  const providers = user.appMetadata?.providers;
  return Array.isArray(providers) && providers.some((provider) => provider !== "email");
}

export async function identityRowsOf(em: EntityManager, userId: string): Promise<IdentityRow[]> {
  return em.getConnection().execute<IdentityRow[]>(
    `select id, user_id, provider, provider_id, identity_data, email, last_sign_in_at, created_at, updated_at
       from auth_identities where user_id = ? order by created_at, provider`,
    [userId],
  );
}

/** The identities to answer with: read for an account with an upstream identity, else undefined (the email identity comes from the account's row). */
export async function identitiesFor(em: EntityManager, user: { id: string; appMetadata?: Record<string, unknown> }): Promise<IdentityRow[] | undefined> {
  return hasUpstreamIdentity(user) ? identityRowsOf(em, user.id) : undefined;
}

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : undefined);

/** GoTrue's identity JSON: `identity_id` is the row, `id` the provider's own id of the person. */
export function toProviderIdentity(row: IdentityRow, emailVerified: boolean): ProviderIdentity {
  const lastSignInAt = iso(row.last_sign_in_at);
  const data = row.provider === "email" ? { ...row.identity_data, email_verified: emailVerified, phone_verified: false } : row.identity_data;
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: data,
    provider: row.provider,
    ...(lastSignInAt ? { last_sign_in_at: lastSignInAt } : {}),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    ...(row.email ? { email: row.email } : {}),
  };
}
