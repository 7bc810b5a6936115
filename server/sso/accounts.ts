import type { EntityManager } from "@mikro-orm/postgresql";
import { accountForPerson } from "../external-sign-in";
import { IdentityError } from "../identity";
import type { SamlPerson } from "./assertion";
import { SSO } from "./error-codes";
import type { StoredProvider } from "./providers";

/**
 * The account an accepted assertion signs into (ADR 079), in one transaction with the
 * assertion's one use, so a refusal writes nothing (not even the used ID):
 * - the assertion's ID is recorded as used; a second arrival (any instance) hits the key;
 * - the identity (`sso:<provider id>`, the IdP's user id) exists: its account;
 * - else an account holds the address: linked only when the address's domain is one of the
 *   provider's own `domains` (GoTrue would make a second account with the same address,
 *   its SSO linking domain; here an address is one account's), else `email_exists`;
 * - else a new account (just-in-time), `app_metadata.provider` `sso:<provider id>`;
 * - a workspace's provider makes the person a member with its `default_role` on first
 *   sign-in (never owner; a membership that exists is left as it is).
 */
export async function ssoAccount(em: EntityManager, provider: StoredProvider, person: SamlPerson): Promise<string> {
  const providerName = `sso:${provider.id}`;
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const fresh = await connection.execute<{ assertion_id: string }[]>(
      `insert into sso_used_assertions (provider_id, assertion_id, expires_at) values (?, ?, ?) on conflict do nothing returning assertion_id`,
      [provider.id, person.assertionId, person.notOnOrAfter],
    );
    if (fresh.length === 0) throw new IdentityError(SSO.VALIDATION_FAILED, "SAML Assertion is not valid (already used)");
    await connection.execute(`delete from sso_used_assertions where expires_at < now()`);
    const known = await connection.execute<{ user_id: string }[]>(`select user_id from auth_identities where provider = ? and provider_id = ?`, [providerName, person.userId]);
    if (!known[0]) {
      const holder = await connection.execute<{ id: string }[]>(`select id from auth_users where lower(email) = ?`, [person.email]);
      const domain = person.email.split("@").pop() ?? "";
      if (holder[0] && !provider.domains.includes(domain)) throw new IdentityError(SSO.EMAIL_EXISTS, "A user with this email address has already been registered");
    }
    const { email: _email, ...custom } = person.claims;
    const { userId } = await accountForPerson(tx, providerName, {
      subject: person.userId,
      emails: [{ email: person.email, verified: true, primary: true }],
      data: { iss: provider.entity_id, sub: person.userId, email: person.email, ...(Object.keys(custom).length ? { custom_claims: custom } : {}) },
    });
    if (provider.tenant_id) {
      await connection.execute(`insert into tenant_memberships (tenant_id, user_id, role) values (?, ?, ?) on conflict (tenant_id, user_id) do nothing`, [provider.tenant_id, userId, provider.default_role]);
    }
    return userId;
  });
}
