import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startOidcIssuer, type OidcIssuer } from "../fakes/oidc-issuer";
import { PATCH_SCHEMA, scim, scimToken, userBody } from "../support/scim";
import { createTenant, signUp, uniqueSlug } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";
import { forgingIdp } from "../fakes/saml-signer";
import { oidcCallbackOf, oidcSignIn, serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

/**
 * Issue 32 item 3's mapping (ADR 085), through a workspace's OpenID provider and an issuer
 * nobody here wrote: the first sign-in makes the account just-in-time (managed by the
 * workspace) and the membership with the role its groups map to; later sign-ins update the
 * name and the role; `owner` is never granted nor taken; a person the workspace's SCIM
 * provisioned, or whose domain the workspace verified, lands on that same account; a
 * suspended managed account is refused.
 */
let serviceUrl = "";
const issuer: OidcIssuer = suiteResource(() => startOidcIssuer({ clientId: "corp-oidc", secret: "corp-oidc-secret", redirectUri: () => oidcCallbackOf({ url: serviceUrl }) }), (fake) => fake.close());
const service = suiteService(() => ({ label: "sso-mapping", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY, EXTERNAL_PROVIDER_TIMEOUT_SECONDS: "2" } }));
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
const back = () => `${service.url}/welcome`;
const MAPPING = { keys: { name: { name: "name" }, groups: { name: "groups", array: true } }, group_roles: { engineering: "member", contractors: "viewer" } };

/** A workspace, its owner, and an OpenID provider of that workspace (its owner's page writes `tenant_id`; here the row is set as it would be). */
async function workspaceProvider(fields: Record<string, unknown> = {}) {
  serviceUrl = service.url;
  const owner = await signUp(service);
  const tenant = await createTenant(service, owner, uniqueSlug("oidc-map"));
  const domain = `corp-${randomBytes(4).toString("hex")}.example`;
  const created = await ssoAdmin(service, "POST", "", { type: "oidc", issuer: issuer.url, client_id: "corp-oidc", client_secret: "corp-oidc-secret", domains: [domain], attribute_mapping: MAPPING, default_role: "viewer", ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await rows(`update sso_providers set tenant_id = $1 where id = $2`, [tenant.id, created.body.id]);
  return { owner, tenant, domain, providerId: created.body.id as string };
}

async function signInAs(person: OidcIssuer["person"], providerId: string) {
  issuer.person = person;
  const attempt = await oidcSignIn(service, { providerId }, back());
  if (attempt.status !== 302) return { error: attempt.location.searchParams.get("error_code"), userId: null };
  const { data, error } = await attempt.auth.exchangeCodeForSession(attempt.location.searchParams.get("code")!);
  expect(error).toBeNull();
  return { error: null, userId: data.user!.id, user: data.user! };
}

const membership = async (tenantId: string, userId: string) => (await rows(`select role from tenant_memberships where tenant_id = $1 and user_id = $2`, [tenantId, userId]))[0]?.role ?? null;

describe("mapping a workspace provider's people (OpenID)", () => {
  it("makes the account and membership just-in-time with the mapped name and role, and updates both at the next sign-ins", async () => {
    const { tenant, domain, providerId } = await workspaceProvider();
    const person = { sub: `corp-${randomUUID()}`, email: `lin@${domain}`, email_verified: true, name: "Lin Chen", groups: ["contractors"] };
    const first = await signInAs(person, providerId);
    expect(first.user!.user_metadata).toMatchObject({ name: "Lin Chen", full_name: "Lin Chen" });
    expect(await membership(tenant.id, first.userId!)).toBe("viewer");
    expect(await rows(`select managed_by_tenant_id from auth_users where id = $1`, [first.userId])).toEqual([{ managed_by_tenant_id: tenant.id }]);

    const second = await signInAs({ ...person, name: "Lin Chen-Okafor", groups: ["engineering", "contractors"] }, providerId);
    expect(second.userId).toBe(first.userId);
    expect(second.user!.user_metadata).toMatchObject({ name: "Lin Chen-Okafor" });
    expect(await membership(tenant.id, first.userId!)).toBe("member");

    // No mapped group any more: the provider's default role again.
    await signInAs({ ...person, groups: [] }, providerId);
    expect(await membership(tenant.id, first.userId!)).toBe("viewer");
    expect((await rows(`select count(*)::int as n from auth_users where lower(email) = $1`, [person.email]))[0].n).toBe(1);
  });

  it("never grants owner, and never takes it from an owner", async () => {
    const { tenant, domain, providerId } = await workspaceProvider();
    // Even a group named like the role, or a mapping written around the API, gives no ownership.
    await rows(`update sso_providers set attribute_mapping = jsonb_set(attribute_mapping, '{group_roles,owners}', '"owner"') where id = $1`, [providerId]);
    const person = { sub: `corp-${randomUUID()}`, email: `kim@${domain}`, email_verified: true, name: "Kim", groups: ["owners", "owner"] };
    const first = await signInAs(person, providerId);
    expect(await membership(tenant.id, first.userId!)).toBe("viewer");
    await rows(`update tenant_memberships set role = 'owner' where tenant_id = $1 and user_id = $2`, [tenant.id, first.userId]);
    await signInAs({ ...person, groups: ["contractors"] }, providerId);
    expect(await membership(tenant.id, first.userId!)).toBe("owner");
  });
});

describe("which account an SSO sign-in lands on", () => {
  it("a person the workspace's SCIM provisioned (address off the provider's domains) signs in as that same account", async () => {
    const { owner, tenant, providerId } = await workspaceProvider();
    const email = `ana-${randomBytes(3).toString("hex")}@elsewhere-${randomBytes(3).toString("hex")}.example`;
    const token = await scimToken(service, owner);
    const created = await scim(service, token, "POST", "/Users", userBody({ userName: email }));
    expect(created.status).toBe(201);
    const [provisioned] = await rows(`select id from auth_users where lower(email) = $1`, [email]);
    const signedIn = await signInAs({ sub: `corp-${randomUUID()}`, email, email_verified: true, name: "Ana", groups: ["engineering"] }, providerId);
    expect(signedIn.userId).toBe(provisioned.id);
    expect((await rows(`select count(*)::int as n from auth_users where lower(email) = $1`, [email]))[0].n).toBe(1);
    expect(await rows(`select provider from auth_identities where user_id = $1 and provider like 'sso:%'`, [provisioned.id])).toEqual([{ provider: `sso:${providerId}` }]);
    expect(await membership(tenant.id, provisioned.id)).toBe("member");
  });

  it("a person the workspace's SCIM deactivated is not re-admitted by the workspace's SSO (an account that existed before, so not suspended whole)", async () => {
    const { owner, tenant, providerId } = await workspaceProvider();
    const existing = await signUp(service, `lee-${randomBytes(3).toString("hex")}@outside-${randomBytes(3).toString("hex")}.example`);
    const token = await scimToken(service, owner);
    const created = await scim(service, token, "POST", "/Users", userBody({ userName: existing.email }));
    expect(created.status).toBe(201);
    const patched = await scim(service, token, "PATCH", `/Users/${created.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { active: false } }] });
    expect(patched.status).toBe(200);
    expect(await membership(tenant.id, existing.userId)).toBeNull();
    expect((await signInAs({ sub: `corp-${randomUUID()}`, email: existing.email, email_verified: true, name: "Lee" }, providerId)).error).toBe("user_banned");
    expect(await membership(tenant.id, existing.userId)).toBeNull();
  });

  it("an account on a domain the workspace verified is the same account; elsewhere an existing address is email_exists, nothing written", async () => {
    const { tenant, providerId } = await workspaceProvider();
    const verified = `verified-${randomBytes(4).toString("hex")}.example`;
    await rows(`insert into workspace_domains (tenant_id, domain, verification_token, verified_at, verified_by) values ($1, $2, 'token', now(), 'admin')`, [tenant.id, verified]);
    const existing = await signUp(service, `sam@${verified}`);
    const signedIn = await signInAs({ sub: `corp-${randomUUID()}`, email: existing.email, email_verified: true, name: "Sam" }, providerId);
    expect(signedIn.userId).toBe(existing.userId);

    const stranger = await signUp(service, `alex-${randomBytes(3).toString("hex")}@unrelated-${randomBytes(3).toString("hex")}.example`);
    const before = await rows(`select count(*)::int as n from auth_identities where user_id = $1`, [stranger.userId]);
    const refused = await signInAs({ sub: `corp-${randomUUID()}`, email: stranger.email, email_verified: true, name: "Alex" }, providerId);
    expect(refused.error).toBe("email_exists");
    expect(await rows(`select count(*)::int as n from auth_identities where user_id = $1`, [stranger.userId])).toEqual(before);
    expect(await membership(tenant.id, stranger.userId)).toBeNull();
  });

  it("a suspended managed account is refused (user_banned), and signs in again once reactivated", async () => {
    const { domain, providerId } = await workspaceProvider();
    const person = { sub: `corp-${randomUUID()}`, email: `max@${domain}`, email_verified: true, name: "Max" };
    const first = await signInAs(person, providerId);
    await rows(`update auth_users set suspended_at = now() where id = $1`, [first.userId]);
    const sessionsBefore = await rows(`select count(*)::int as n from auth_sessions where user_id = $1`, [first.userId]);
    expect((await signInAs(person, providerId)).error).toBe("user_banned");
    expect(await rows(`select count(*)::int as n from auth_sessions where user_id = $1`, [first.userId])).toEqual(sessionsBefore);
    await rows(`update auth_users set suspended_at = null where id = $1`, [first.userId]);
    expect((await signInAs(person, providerId)).userId).toBe(first.userId);
  });
});

describe("mapping a workspace provider's people (SAML)", () => {
  it("maps a SAML attribute to the name and its groups to the role, at the first sign-in and the next", async () => {
    const owner = await signUp(service);
    const tenant = await createTenant(service, owner, uniqueSlug("saml-map"));
    const domain = `saml-${randomBytes(4).toString("hex")}.example`;
    const idp = forgingIdp(`https://${domain}/metadata`);
    const mapping = { keys: { name: { name: "displayName" }, groups: { name: "memberOf", array: true } }, group_roles: { staff: "member" } };
    const created = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: idp.metadataXml, domains: [domain], attribute_mapping: mapping, default_role: "viewer" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ saml: { attribute_mapping: mapping }, default_role: "viewer" });
    await rows(`update sso_providers set tenant_id = $1 where id = $2`, [tenant.id, created.body.id]);
    const sp = serviceProviderOf(service);
    const email = `jo@${domain}`;
    const post = async (attributes: Record<string, string[]>) => {
      const response = await fetch(sp.acsUrl, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ SAMLResponse: idp.response({ acsUrl: sp.acsUrl, audience: sp.entityId, email, attributes }) }).toString(),
      });
      expect(response.status).toBe(302);
      const [account] = await rows(`select id, user_metadata->>'name' as name, managed_by_tenant_id from auth_users where lower(email) = $1`, [email]);
      return { ...account, role: await membership(tenant.id, account.id) };
    };
    expect(await post({ displayName: ["Jo March"], memberOf: ["guests"] })).toMatchObject({ name: "Jo March", role: "viewer", managed_by_tenant_id: tenant.id });
    expect(await post({ displayName: ["Josephine March"], memberOf: ["guests", "staff"] })).toMatchObject({ name: "Josephine March", role: "member" });
  });
});
