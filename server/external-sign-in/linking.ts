import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY, IdentityError, personActor, recordAccountChange } from "../identity";
import { getConfig } from "../platform/config";
import { chosenEmail, providersOf } from "./accounts";
import { EXTERNAL } from "./error-codes";
import type { UpstreamPerson } from "./providers";

/**
 * GoTrue's manual linking (internal/api/identity.go, ADR 075): a signed-in person adds an
 * upstream identity to their own account (`linkIdentityToUser`) or removes one
 * (`DeleteIdentity`). Both only when MANUAL_LINKING_ENABLED; both write an audit row in the
 * person's workspaces in the transaction of the change.
 */
export function requireManualLinking(): void {
  if (!getConfig().MANUAL_LINKING_ENABLED) throw new IdentityError(IDENTITY.MANUAL_LINKING_DISABLED, "Manual linking is disabled");
}

interface TargetRow {
  id: string;
  email: string | null;
  app_metadata: Record<string, unknown> | null;
}

/**
 * The callback of a linking flow: the person's identity joins the account that started it.
 * An identity already known (to this account or another) is refused, nothing written. An
 * account without an address (anonymous) takes the provider's when the provider verified it
 * and no other account holds it.
 */
export async function linkIdentityToAccount(em: EntityManager, targetUserId: string, provider: string, person: UpstreamPerson): Promise<string> {
  const candidate = chosenEmail(person.emails);
  const email = candidate ? candidate.email.trim().toLowerCase() : null;
  const identityData = { ...person.data, ...(email ? { email, email_verified: candidate!.verified } : {}), phone_verified: false };
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const targets = await connection.execute<TargetRow[]>(`select id, email, app_metadata from auth_users where id = ? for update`, [targetUserId]);
    const target = targets[0];
    if (!target) throw new IdentityError(IDENTITY.USER_NOT_FOUND, "User not found");
    const known = await connection.execute<{ user_id: string }[]>(`select user_id from auth_identities where provider = ? and provider_id = ?`, [provider, person.subject]);
    if (known[0]) {
      throw new IdentityError(EXTERNAL.IDENTITY_ALREADY_EXISTS, known[0].user_id === target.id ? "Identity is already linked" : "Identity is already linked to another user");
    }
    const inserted = await connection.execute<{ id: string }[]>(
      `insert into auth_identities (user_id, provider, provider_id, identity_data, email, last_sign_in_at) values (?, ?, ?, ?, ?, now()) returning id`,
      [target.id, provider, person.subject, JSON.stringify(identityData), email],
    );
    const stored = target.app_metadata ?? {};
    const providers = await providersOf(tx, target.id);
    // A password account's stored app_metadata names no provider (provider-user.ts draws "email"): it is kept "email".
    const made = typeof stored.provider === "string" ? stored.provider : providers.includes("email") ? "email" : provider;
    const appMetadata = { ...stored, provider: made, providers };
    const takesAddress = !target.email && email !== null && candidate!.verified && !(await addressHeldByAnother(tx, email, target.id));
    // app_metadata in the same statement as the address, so the email-identity trigger sees an upstream account.
    await connection.execute(
      takesAddress
        ? `update auth_users set app_metadata = ?, email = ?, email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false, updated_at = now() where id = ?`
        : `update auth_users set app_metadata = ?, updated_at = now() where id = ?`,
      takesAddress ? [JSON.stringify(appMetadata), email, target.id] : [JSON.stringify(appMetadata), target.id],
    );
    await recordAccountChange(tx, target.id, {
      audit: "identity.linked",
      data: { provider, ...(email ? { email } : {}) },
      target: { type: "identity", id: inserted[0]!.id },
      actor: personActor({ id: target.id, email: target.email ?? email }),
    });
    return target.id;
  });
}

async function addressHeldByAnother(tx: EntityManager, email: string, userId: string): Promise<boolean> {
  const rows = await tx.getConnection().execute(`select 1 from auth_users where lower(email) = ? and id <> ?`, [email, userId]);
  return rows.length > 0;
}

interface IdentityLine {
  id: string;
  provider: string;
  email: string | null;
  identity_data: Record<string, unknown> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GoTrue's `DELETE /user/identities/{identity_id}` (auth-js `unlinkIdentity`), in its order:
 * the id a UUID, the account left with at least one identity, the identity the account's.
 * When the account's address was only that identity's, it takes a remaining identity's
 * verified address (GoTrue's UpdateUserEmailFromIdentities). Unlinking the `email` identity
 * removes the password with it: the password is that identity's way in.
 */
export async function unlinkIdentity(em: EntityManager, userId: string, identityId: string): Promise<void> {
  if (!UUID.test(identityId)) throw new IdentityError(EXTERNAL.IDENTITY_ID_INVALID, "identity_id must be an UUID");
  await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const accounts = await connection.execute<TargetRow[]>(`select id, email, app_metadata from auth_users where id = ? for update`, [userId]);
    const account = accounts[0];
    if (!account) throw new IdentityError(IDENTITY.USER_NOT_FOUND, "User not found");
    const identities = await connection.execute<IdentityLine[]>(`select id, provider, email, identity_data from auth_identities where user_id = ? order by created_at, id`, [userId]);
    if (identities.length <= 1) throw new IdentityError(EXTERNAL.SINGLE_IDENTITY_NOT_DELETABLE, "User must have at least 1 identity after unlinking");
    const gone = identities.find((identity) => identity.id.toLowerCase() === identityId.toLowerCase());
    if (!gone) throw new IdentityError(EXTERNAL.IDENTITY_NOT_FOUND, "Identity doesn't exist");
    const remaining = identities.filter((identity) => identity !== gone);
    const address = await addressAfter(tx, account, remaining);
    const stored = account.app_metadata ?? {};
    const appMetadata = {
      ...stored,
      // Without its email identity the account is an upstream one: the trigger then never writes the email identity back.
      provider: gone.provider === "email" ? remaining[0]!.provider : typeof stored.provider === "string" ? stored.provider : "email",
      providers: [...new Set(remaining.map((identity) => identity.provider))].sort(),
    };
    await connection.execute(`delete from auth_identities where id = ?`, [gone.id]);
    await connection.execute(
      `update auth_users set app_metadata = ?, email = ?, password_hash = case when ? then 'none' else password_hash end, updated_at = now() where id = ?`,
      [JSON.stringify(appMetadata), address, gone.provider === "email", userId],
    );
    await recordAccountChange(tx, userId, {
      audit: "identity.unlinked",
      data: { provider: gone.provider, ...(gone.email ? { email: gone.email } : {}) },
      target: { type: "identity", id: gone.id },
      actor: personActor({ id: userId, email: account.email }),
    });
  });
}

/** The account's address once the identity is gone: kept when a remaining identity has it, else the first remaining verified one no other account holds. */
async function addressAfter(tx: EntityManager, account: TargetRow, remaining: IdentityLine[]): Promise<string | null> {
  const current = (account.email ?? "").toLowerCase();
  if (!current || remaining.some((identity) => (identity.email ?? "").toLowerCase() === current)) return account.email;
  const verified = remaining.filter((identity) => identity.email && (identity.provider === "email" || identity.identity_data?.email_verified === true));
  if (verified.length === 0) return account.email;
  for (const identity of verified) {
    if (!(await addressHeldByAnother(tx, identity.email!.toLowerCase(), account.id))) return identity.email!.toLowerCase();
  }
  throw new IdentityError(EXTERNAL.EMAIL_CONFLICT_IDENTITY_NOT_DELETABLE, "Unable to unlink identity due to email conflict");
}
