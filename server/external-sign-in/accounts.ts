import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { canSendMail } from "../platform/mailer";
import { getConfig } from "../platform/config";
import { EXTERNAL } from "./error-codes";
import type { UpstreamEmail, UpstreamPerson } from "./providers";

/**
 * Finds or makes the account of an upstream person, GoTrue's createAccountFromExternalIdentity
 * (ADR 075), all in one transaction:
 * - the identity (provider, subject) exists: its account; identity_data and last_sign_in_at
 *   are refreshed (an address that changed upstream changes the identity, not the account);
 * - else an account has the address and the provider VERIFIED it: the identity links to it
 *   (automatic linking). An unconfirmed account is then confirmed and its unproven password
 *   dropped, so whoever registered the address first cannot sign in to it with a password;
 * - else the address is unverified and another account has it, or mail confirms addresses:
 *   refused (`provider_email_needs_verification`), nothing written; an unverified address
 *   never links;
 * - else a new account, confirmed (a verified address, or no mail / MAILER_AUTOCONFIRM, as
 *   GoTrue's autoconfirm), with `app_metadata.provider` the provider.
 */
export type AccountDecision = "existing" | "linked" | "created";

/** GoTrue's choice among the provider's addresses: the primary one, else the last listed. */
export function chosenEmail(emails: UpstreamEmail[]): UpstreamEmail | null {
  return emails.find((entry) => entry.primary) ?? emails[emails.length - 1] ?? null;
}

interface AccountRow {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  app_metadata: Record<string, unknown> | null;
}

export interface AccountOptions {
  /**
   * A custom provider's `email_optional` (GoTrue's EmailOptional): a person the provider names
   * no address for still gets an account, with none, which nothing can link to.
   */
  emailOptional?: boolean;
}

export async function accountForPerson(em: EntityManager, provider: string, person: UpstreamPerson, options: AccountOptions = {}): Promise<{ userId: string; decision: AccountDecision }> {
  const candidate = chosenEmail(person.emails);
  if (!candidate && !options.emailOptional) throw new IdentityError(EXTERNAL.UPSTREAM_FAILURE, "Error getting user email from external provider");
  const email = candidate ? candidate.email.trim().toLowerCase() : "";
  const verified = candidate?.verified ?? false;
  const identityData = { ...person.data, ...(email ? { email } : {}), email_verified: verified, phone_verified: false };
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const known = await connection.execute<{ id: string; user_id: string }[]>(`select id, user_id from auth_identities where provider = ? and provider_id = ? for update`, [provider, person.subject]);
    if (known[0]) {
      await connection.execute(`update auth_identities set identity_data = ?, email = ?, last_sign_in_at = now(), updated_at = now() where id = ?`, [JSON.stringify(identityData), email || null, known[0].id]);
      await mergeUserMetadata(tx, known[0].user_id, person.data);
      return { userId: known[0].user_id, decision: "existing" as const };
    }
    // No address: nobody to link to (an empty one would match every anonymous account).
    const holders = email ? await connection.execute<AccountRow[]>(`select id, email, email_confirmed_at, app_metadata from auth_users where lower(email) = ? for update`, [email]) : [];
    const holder = holders[0];
    if (holder && verified) {
      await insertIdentity(tx, holder.id, provider, person.subject, identityData, email);
      const providers = await providersOf(tx, holder.id);
      const stored = holder.app_metadata ?? {};
      await connection.execute(
        `update auth_users set app_metadata = ?, email_confirmed_at = coalesce(email_confirmed_at, now()),
                password_hash = case when email_confirmed_at is null then 'none' else password_hash end, updated_at = now() where id = ?`,
        [JSON.stringify({ ...stored, provider: typeof stored.provider === "string" ? stored.provider : "email", providers }), holder.id],
      );
      await mergeUserMetadata(tx, holder.id, person.data);
      return { userId: holder.id, decision: "linked" as const };
    }
    if (holder || (email && !verified && canSendMail() && !getConfig().MAILER_AUTOCONFIRM)) {
      throw new IdentityError(EXTERNAL.PROVIDER_EMAIL_NEEDS_VERIFICATION, `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`);
    }
    const userId = randomUUID();
    // No password: 'none' matches no scrypt hash (passwords.ts), until the person sets one.
    await connection.execute(
      `insert into auth_users (id, email, password_hash, email_confirmed_at, is_anonymous, app_metadata, user_metadata, created_at, updated_at)
       values (?, ?, 'none', ${email ? "now()" : "null"}, false, ?, ?, now(), now())`,
      [userId, email, JSON.stringify({ provider, providers: [provider] }), JSON.stringify(userMetadataOf(person.data))],
    );
    await insertIdentity(tx, userId, provider, person.subject, identityData, email || null);
    return { userId, decision: "created" as const };
  });
}

async function insertIdentity(tx: EntityManager, userId: string, provider: string, subject: string, data: Record<string, unknown>, email: string | null): Promise<void> {
  await tx.getConnection().execute(
    `insert into auth_identities (user_id, provider, provider_id, identity_data, email, last_sign_in_at) values (?, ?, ?, ?, ?, now())`,
    [userId, provider, subject, JSON.stringify(data), email],
  );
}

/** GoTrue's UpdateAppMetaDataProviders: every identity's provider, once each. */
export async function providersOf(tx: EntityManager, userId: string): Promise<string[]> {
  const rows = await tx.getConnection().execute<{ provider: string }[]>(`select distinct provider from auth_identities where user_id = ? order by provider`, [userId]);
  return rows.map(({ provider }) => provider);
}

/** GoTrue's UpdateUserMetaData(identityData): the provider's fields over the account's own. */
function userMetadataOf(data: Record<string, unknown>): Record<string, unknown> {
  const { iss: _iss, ...rest } = data;
  return rest;
}

async function mergeUserMetadata(tx: EntityManager, userId: string, data: Record<string, unknown>): Promise<void> {
  await tx.getConnection().execute(`update auth_users set user_metadata = coalesce(user_metadata::jsonb, '{}'::jsonb) || ?::jsonb where id = ?`, [JSON.stringify(userMetadataOf(data)), userId]);
}
