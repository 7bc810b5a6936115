import type { AuthUser } from "./entities";
import type { ProviderUser } from "./provider-types";
import type { ProviderFactor } from "./account-factors";
import { toProviderIdentity, type IdentityRow } from "./identities";

/** The built-in provider has one sign-in method: an email address and a password. */
export const APP_METADATA = { provider: "email", providers: ["email"] } as const;

export type UserRecord = Pick<AuthUser, "id" | "email" | "emailConfirmedAt" | "newEmail" | "lastSignInAt" | "userMetadata" | "createdAt" | "updatedAt"> & {
  isAnonymous?: boolean;
  appMetadata?: Record<string, unknown>;
  invitedAt?: Date | null;
};

/**
 * GoTrue's providers come from the account's identities: an anonymous account without an
 * address has none (`{}` and no identity); one with an address has the email identity. An
 * account that signed in upstream has them stored, as GoTrue stores them, when its
 * identities change (server/external-sign-in).
 */
export function appMetadataOf(user: Pick<UserRecord, "email" | "appMetadata">): Record<string, unknown> {
  const stored = user.appMetadata ?? {};
  if (Array.isArray(stored.providers)) return { ...stored };
  return user.email ? { ...stored, provider: APP_METADATA.provider, providers: [...APP_METADATA.providers] } : { ...stored };
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : undefined);

/**
 * The user as GoTrue sends it (its `models.User` JSON): the optional times only once they
 * happened, `phone` empty, its identities, and `factors` only when there is one (GoTrue's
 * `omitempty`). `identities`: the rows of `auth_identities` when read (an account with an
 * upstream identity, identities.ts); otherwise the one `email` identity, whose id is the
 * user's own, as its row in the table holds it.
 */
export function toProviderUser(user: UserRecord, factors: ProviderFactor[] = [], identities?: IdentityRow[]): ProviderUser {
  const confirmedAt = iso(user.emailConfirmedAt);
  const invitedAt = iso(user.invitedAt ?? null);
  const lastSignInAt = iso(user.lastSignInAt);
  const createdAt = user.createdAt.toISOString();
  const updatedAt = user.updatedAt.toISOString();
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    ...(confirmedAt ? { email_confirmed_at: confirmedAt } : {}),
    ...(invitedAt ? { invited_at: invitedAt } : {}),
    phone: "",
    ...(confirmedAt ? { confirmed_at: confirmedAt } : {}),
    ...(user.newEmail ? { new_email: user.newEmail } : {}),
    ...(lastSignInAt ? { last_sign_in_at: lastSignInAt } : {}),
    app_metadata: appMetadataOf(user),
    user_metadata: user.userMetadata ?? {},
    identities: identities ? identities.map((row) => toProviderIdentity(row, confirmedAt !== undefined)) : !user.email ? [] : [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, email_verified: confirmedAt !== undefined, phone_verified: false, sub: user.id },
        provider: "email",
        ...(lastSignInAt ? { last_sign_in_at: lastSignInAt } : {}),
        created_at: createdAt,
        updated_at: updatedAt,
        email: user.email,
      },
    ],
    ...(factors.length > 0 ? { factors } : {}),
    created_at: createdAt,
    updated_at: updatedAt,
    is_anonymous: user.isAnonymous === true,
  };
}
