import type { EntityManager } from "@mikro-orm/postgresql";
import { accountForPerson } from "../external-sign-in";
import { IDENTITY, IdentityError } from "../identity";
import { workspaceForVerifiedEmail } from "../workspace-domains";
import { SSO } from "./error-codes";
import { displayNameOf, hasGroupRoles, roleOfGroups } from "./mapping";
import type { StoredProvider } from "./providers";

/**
 * The account a single sign-on lands on (ADR 079, ADR 085), SAML and OpenID alike, in one
 * transaction so a refusal writes nothing:
 * - SAML: the assertion's ID is recorded as used; a second arrival (any instance) hits the key;
 * - the identity (`sso:<provider id>`, the provider's user id) exists: its account;
 * - else an account holds the address: it is the same person's, and linked, when the provider
 *   is trusted for that address: the address's domain is one of the provider's own `domains`,
 *   or (a workspace's provider) the workspace's SCIM provisioned that account, or the workspace
 *   verified the address's domain (ADR 081). Otherwise `email_exists`;
 * - else a new account (just-in-time), `app_metadata.provider` `sso:<provider id>`; made by a
 *   workspace's provider it is managed by that workspace (as SCIM's, ADR 080);
 * - a suspended account is refused (`user_banned`) before any session or code, and so is, at
 *   a workspace's provider, a person that workspace's SCIM deactivated (the membership it
 *   removed is not made again by a sign-in);
 * - a workspace's provider makes the person a member with the mapped role (groups through
 *   `attribute_mapping.group_roles`, else `default_role`); when the provider maps groups,
 *   every later sign-in sets the mapped role again. An owner's role is never touched, and
 *   no mapping makes anyone owner.
 */
export interface SsoPerson {
  userId: string;
  email: string;
  /** The mapped claims (`name`, `groups`, …) and whatever else the provider sent. */
  claims: Record<string, unknown>;
  /** `iss` of the identity: the SAML entity ID or the OpenID issuer. */
  issuer: string;
  /** SAML only: the assertion's one use. */
  assertionId?: string;
  notOnOrAfter?: Date;
}

export async function ssoAccount(em: EntityManager, provider: StoredProvider, person: SsoPerson): Promise<string> {
  const providerName = `sso:${provider.id}`;
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    if (person.assertionId) {
      const fresh = await connection.execute<{ assertion_id: string }[]>(
        `insert into sso_used_assertions (provider_id, assertion_id, expires_at) values (?, ?, ?) on conflict do nothing returning assertion_id`,
        [provider.id, person.assertionId, person.notOnOrAfter],
      );
      if (fresh.length === 0) throw new IdentityError(SSO.VALIDATION_FAILED, "SAML Assertion is not valid (already used)");
      await connection.execute(`delete from sso_used_assertions where expires_at < now()`);
    }
    const known = await connection.execute<{ user_id: string }[]>(`select user_id from auth_identities where provider = ? and provider_id = ?`, [providerName, person.userId]);
    if (!known[0]) {
      const holder = await connection.execute<{ id: string }[]>(`select id from auth_users where lower(email) = ?`, [person.email]);
      if (holder[0] && !(await trustedForHolder(tx, provider, person.email, holder[0].id))) throw new IdentityError(SSO.EMAIL_EXISTS, "A user with this email address has already been registered");
    }
    const { email: _email, ...custom } = person.claims;
    const name = displayNameOf(person.claims);
    const { userId, decision } = await accountForPerson(tx, providerName, {
      subject: person.userId,
      emails: [{ email: person.email, verified: true, primary: true }],
      data: {
        iss: person.issuer,
        sub: person.userId,
        email: person.email,
        ...(name ? { name, full_name: name } : {}),
        ...(Object.keys(custom).length ? { custom_claims: custom } : {}),
      },
    });
    const account = await connection.execute<{ suspended_at: Date | null }[]>(`select suspended_at from auth_users where id = ?`, [userId]);
    if (account[0]?.suspended_at) throw new IdentityError(IDENTITY.USER_BANNED, "User is banned");
    if (provider.tenant_id) {
      // The workspace's directory deactivated this person (SCIM `active: false`): its own sign-in door does not re-admit them.
      const deactivated = await connection.execute<{ id: string }[]>(`select id from scim_users where tenant_id = ? and user_id = ? and not active limit 1`, [provider.tenant_id, userId]);
      if (deactivated[0]) throw new IdentityError(IDENTITY.USER_BANNED, "User is banned");
      if (decision === "created") await connection.execute(`update auth_users set managed_by_tenant_id = ? where id = ?`, [provider.tenant_id, userId]);
      await applyMembership(tx, provider, userId, person.claims.groups);
    }
    return userId;
  });
}

/** Whether a provider may sign in to the account that already holds this address (see above). */
async function trustedForHolder(tx: EntityManager, provider: StoredProvider, email: string, holderId: string): Promise<boolean> {
  const domain = email.split("@").pop() ?? "";
  if (provider.domains.includes(domain)) return true;
  if (!provider.tenant_id) return false;
  const provisioned = await tx.getConnection().execute<{ id: string }[]>(`select id from scim_users where tenant_id = ? and user_id = ? limit 1`, [provider.tenant_id, holderId]);
  if (provisioned[0]) return true;
  return (await workspaceForVerifiedEmail(tx, email))?.tenantId === provider.tenant_id;
}

async function applyMembership(tx: EntityManager, provider: StoredProvider, userId: string, groups: unknown): Promise<void> {
  const mapping = provider.attribute_mapping ?? {};
  const role = roleOfGroups(groups, mapping) ?? provider.default_role;
  // `role <> 'owner'`: an owner keeps ownership whatever the directory says.
  const onConflict = hasGroupRoles(mapping) ? `do update set role = excluded.role where tenant_memberships.role <> 'owner'` : `do nothing`;
  await tx.getConnection().execute(`insert into tenant_memberships (tenant_id, user_id, role) values (?, ?, ?) on conflict (tenant_id, user_id) ${onConflict}`, [provider.tenant_id, userId, role]);
}
