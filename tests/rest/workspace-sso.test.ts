import { describe, expect, it } from "vitest";
import { authnRequestIdOf, forgingIdp } from "../fakes/saml-signer";
import { invitedPerson, signedInOwner } from "../support/actors";
import { api, signUp, uniqueEmail, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

/**
 * Issue 32 item 3 (ADR 086): a workspace owner's own identity providers, "test the
 * connection", and "require single sign-on" with its break-glass rule, over REST.
 */
const service = suiteService(() => ({ label: "workspace-sso", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY } }));
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
const providers = (user: TestUser) => api(service, "/api/tenants/me/sso/providers", { cookie: user.cookie });
const create = (user: TestUser, json: unknown) => api(service, "/api/tenants/me/sso/providers", { method: "POST", cookie: user.cookie, json });
const verifiedDomain = (tenantId: string, domain: string) =>
  rows(`insert into workspace_domains (tenant_id, domain, verification_token, verified_at, verified_by) values ($1, $2, 't', now(), 'admin')`, [tenantId, domain]);
const sp = () => serviceProviderOf(service);
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}.example`;

/** The browser's session cookie for tokens the ACS put in the fragment, as the dashboard's sign-in callback would set it. */
async function cookieFromAcs(location: string): Promise<string> {
  const { sessionSetCookie } = await import("../../server/identity");
  const fragment = new URLSearchParams(new URL(location).hash.slice(1));
  return sessionSetCookie(fragment.get("access_token")!, fragment.get("refresh_token")!).split(";")[0]!;
}

describe("a workspace owner's identity providers", () => {
  it("are the owner's: members and viewers get 403, other workspaces 404, the admin API sees them with tenant_id", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "wsso" });
    const member = await invitedPerson(service, owner.user, "member");
    const viewer = await invitedPerson(service, owner.user, "viewer");
    expect((await providers(owner.user)).body).toEqual({ providers: [] });
    // SAML_ENABLED is on for this service: the page has no switched-off notice.
    const page = await fetch(`${service.url}/settings/sso`, { headers: { cookie: owner.user.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("Single sign-on is switched off on this service");
    for (const person of [member, viewer]) {
      expect(await providers(person).then((r) => [r.status, r.body])).toEqual([403, { message: "Only the workspace owner can manage single sign-on" }]);
    }
    const domain = unique("acme");
    const idp = forgingIdp(`https://${domain}/idp`);
    const unverified = await create(owner.user, { type: "saml", metadataXml: idp.metadataXml, domains: [domain] });
    expect([unverified.status, unverified.body]).toEqual([400, { message: `${domain} is not a verified domain of this workspace: claim and verify it under Email domains first`, code: "SSO_DOMAIN_NOT_VERIFIED" }]);
    expect(await rows(`select 1 from sso_providers where tenant_id = $1`, [owner.tenantId])).toEqual([]);

    await verifiedDomain(owner.tenantId, domain);
    const toOwner = await create(owner.user, { type: "saml", metadataXml: idp.metadataXml, domains: [domain], groupRoles: { Admins: "owner" } });
    expect(toOwner.status).toBe(400);
    expect(toOwner.body.message).toContain("A mapping never gives the owner role");

    const created = await create(owner.user, {
      type: "saml",
      metadataXml: idp.metadataXml,
      domains: [domain.toUpperCase()],
      displayNameAttribute: "displayName",
      groupsAttribute: "groups",
      groupRoles: { Engineering: "member", Contractors: "viewer" },
      defaultRole: "viewer",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      type: "saml",
      disabled: false,
      entityId: idp.entityId,
      domains: [domain],
      displayNameAttribute: "displayName",
      groupsAttribute: "groups",
      groupRoles: { Engineering: "member", Contractors: "viewer" },
      defaultRole: "viewer",
    });
    const id = created.body.id as string;
    expect((await providers(owner.user)).body.providers).toEqual([created.body]);
    const twice = await create(owner.user, { type: "saml", metadataXml: idp.metadataXml });
    expect([twice.status, twice.body]).toEqual([409, { message: `SAML Identity Provider with this EntityID (${idp.entityId}) already exists` }]);

    const other = await signedInOwner(service, { slugPrefix: "wsso-other" });
    expect((await providers(other.user)).body).toEqual({ providers: [] });
    for (const [method, path] of [["GET", ""], ["PATCH", ""], ["DELETE", ""], ["POST", "/test"]] as const) {
      const res = await api(service, `/api/tenants/me/sso/providers/${id}${path}`, { method, cookie: other.user.cookie, ...(method === "PATCH" ? { json: { disabled: true } } : {}) });
      expect([method, path, res.status, res.body]).toEqual([method, path, 404, { message: "Identity provider not found" }]);
    }

    const admin = await ssoAdmin(service, "GET", `/${id}`);
    expect(admin.body).toMatchObject({ id, tenant_id: owner.tenantId, saml: { entity_id: idp.entityId } });
    expect((await ssoAdmin(service, "GET")).body.items.find((item: { id: string }) => item.id === id).tenant_id).toBe(owner.tenantId);

    const patched = await api(service, `/api/tenants/me/sso/providers/${id}`, { method: "PATCH", cookie: owner.user.cookie, json: { groupRoles: { Engineering: "viewer" }, displayNameAttribute: "" } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ groupRoles: { Engineering: "viewer" }, displayNameAttribute: null, groupsAttribute: "groups", defaultRole: "viewer" });
    expect((await rows(`select action from audit_log where tenant_id = $1 and action like 'sso_provider.%' order by seq`, [owner.tenantId])).map((r) => r.action)).toEqual([
      "sso_provider.created",
      "sso_provider.changed",
    ]);
    const removed = await api(service, `/api/tenants/me/sso/providers/${id}`, { method: "DELETE", cookie: owner.user.cookie });
    expect(removed.status).toBe(204);
    expect(await rows(`select 1 from sso_providers where id = $1`, [id])).toEqual([]);
  });

  it("adds an OpenID connection by issuer, client id and secret; the secret is never answered", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "wsso-oidc" });
    const bad = await create(owner.user, { type: "oidc", issuer: "http://idp.example", clientId: "svc", clientSecret: "s" });
    expect([bad.status, bad.body]).toEqual([400, { message: "Issuer must be an https URL" }]);
    const created = await create(owner.user, { type: "oidc", issuer: "https://login.example.com/", clientId: "svc-client", clientSecret: "very-secret" });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ type: "oidc", issuer: "https://login.example.com", clientId: "svc-client", entityId: null, defaultRole: "member" });
    expect(created.text).not.toContain("very-secret");
    // Its "test the connection" is no longer refused: tests/rest/workspace-sso-oidc-test.test.ts drives it through an issuer.
    expect((await rows(`select client_secret_sealed from sso_providers where id = $1`, [created.body.id]))[0].client_secret_sealed).not.toContain("very-secret");
    const pasted = await api(service, "/api/tenants/me/sso/service-provider", { cookie: owner.user.cookie });
    expect(pasted.body).toEqual({ entityId: sp().entityId, acsUrl: sp().acsUrl, metadataUrl: sp().entityId, oidcRedirectUri: `${service.url}/auth/v1/sso/oidc/callback` });
  });
});

describe("testing a SAML connection", () => {
  it("checks the assertion, reports what came back to the owner and changes nothing else", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "wsso-test" });
    const domain = unique("tested");
    const idp = forgingIdp(`https://${domain}/idp`);
    await verifiedDomain(owner.tenantId, domain);
    const { body: provider } = await create(owner.user, { type: "saml", metadataXml: idp.metadataXml, domains: [domain] });
    expect((await api(service, `/api/tenants/me/sso/providers/${provider.id}/test`, { cookie: owner.user.cookie })).body).toEqual({ report: null });

    const started = await api(service, `/api/tenants/me/sso/providers/${provider.id}/test`, { method: "POST", cookie: owner.user.cookie });
    expect(started.status, started.text).toBe(200);
    const relayState = new URL(started.body.url).searchParams.get("RelayState")!;
    const email = `tester@${domain}`;
    const acs = await fetch(sp().acsUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ RelayState: relayState, SAMLResponse: idp.response({ acsUrl: sp().acsUrl, audience: sp().entityId, email, inResponseTo: authnRequestIdOf(started.body.url) }) }).toString(),
    });
    expect(acs.status).toBe(302);
    expect(acs.headers.get("location")).toBe(`${service.url}/settings/sso?tested=${provider.id}`);
    const report = await api(service, `/api/tenants/me/sso/providers/${provider.id}/test`, { cookie: owner.user.cookie });
    expect(report.body.report).toMatchObject({ ok: true, email, subject: `user-${email}`, attributes: { email }, error: null });
    expect(await rows(`select 1 from auth_users where email = $1`, [email])).toEqual([]);
    expect(await rows(`select 1 from sso_used_assertions where provider_id = $1`, [provider.id])).toEqual([]);

    const again = await api(service, `/api/tenants/me/sso/providers/${provider.id}/test`, { method: "POST", cookie: owner.user.cookie });
    const forged = await fetch(sp().acsUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ RelayState: new URL(again.body.url).searchParams.get("RelayState")!, SAMLResponse: idp.response({ acsUrl: sp().acsUrl, audience: "https://someone-else.example", email }) }).toString(),
    });
    expect(forged.status).toBe(302);
    const refused = await api(service, `/api/tenants/me/sso/providers/${provider.id}/test`, { cookie: owner.user.cookie });
    expect(refused.body.report).toMatchObject({ ok: false, email: null, error: "SAML Assertion is not valid" });
  });
});

describe("require single sign-on", () => {
  it("needs a provider and a verified domain, binds sessions of people on the domain that did not come through the workspace's SSO, never the owner; the admin turns it off", async () => {
    const domain = unique("corp");
    const owner = await signedInOwner(service, { slugPrefix: "wsso-rule", email: `boss@${domain}` });
    const setRule = (user: TestUser, required: boolean) => api(service, "/api/tenants/me/sso/rule", { method: "PUT", cookie: user.cookie, json: { required } });
    const notReady = await setRule(owner.user, true);
    expect([notReady.status, notReady.body]).toEqual([409, { message: "Add an identity provider and verify at least one email domain before requiring single sign-on.", code: "SSO_RULE_NOT_READY" }]);

    await verifiedDomain(owner.tenantId, domain);
    const idp = forgingIdp(`https://${domain}/idp`);
    const { body: provider } = await create(owner.user, { type: "saml", metadataXml: idp.metadataXml, domains: [domain] });
    const onDomain = await invitedPerson(service, owner.user, "member", await signUp(service, `pat@${domain}`));
    const elsewhere = await invitedPerson(service, owner.user, "member", await signUp(service, uniqueEmail("guest")));
    const member = await invitedPerson(service, owner.user, "member");
    expect((await setRule(member, true)).status).toBe(403);
    expect((await setRule(owner.user, true)).body).toEqual({ required: true });
    expect((await api(service, "/api/tenants/me/sso/rule", { cookie: owner.user.cookie })).body).toEqual({ required: true });

    const apps = (cookie: string) => api(service, "/api/apps", { cookie });
    const refused = await apps(onDomain.cookie);
    expect([refused.status, refused.body]).toEqual([
      403,
      { message: 'This workspace requires single sign-on for your email domain. Sign out, then sign in with "Sign in with single sign-on" using your company account.', code: "SSO_REQUIRED" },
    ]);
    // The dashboard: sent to the profile, which says why in a sentence.
    const dashboard = await fetch(`${service.url}/dashboard`, { headers: { cookie: onDomain.cookie }, redirect: "manual" });
    expect([dashboard.status, dashboard.headers.get("location")]).toEqual([302, "/profile?notice=sso-required"]);
    const profile = await fetch(`${service.url}/profile?notice=sso-required`, { headers: { cookie: onDomain.cookie } });
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("This workspace requires single sign-on for your email domain.");
    expect((await apps(elsewhere.cookie)).status).toBe(200);
    expect((await apps(owner.user.cookie)).status).toBe(200);

    // Signed in through the workspace's own provider, the same person enters.
    const acs = await fetch(sp().acsUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ SAMLResponse: idp.response({ acsUrl: sp().acsUrl, audience: sp().entityId, email: `pat@${domain}` }) }).toString(),
    });
    expect(acs.status).toBe(302);
    const ssoCookie = await cookieFromAcs(acs.headers.get("location")!);
    expect((await rows(`select count(*)::int as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = $1 and s.sso_provider_id = $2`, [`pat@${domain}`, provider.id]))[0].n).toBe(1);
    expect((await apps(ssoCookie)).status).toBe(200);

    // Break-glass: the service administrator turns the rule off.
    const adminOff = await fetch(`${service.url}/auth/v1/admin/workspaces/${owner.tenantId}/sso-rule`, {
      method: "PUT",
      headers: { authorization: `Bearer ${SSO_SERVICE_ROLE_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ required: false }),
    });
    expect(adminOff.status).toBe(200);
    const unknown = await fetch(`${service.url}/auth/v1/admin/workspaces/00000000-0000-4000-8000-000000000000/sso-rule`, {
      method: "PUT",
      headers: { authorization: `Bearer ${SSO_SERVICE_ROLE_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ required: false }),
    });
    expect([unknown.status, await unknown.json()]).toEqual([404, { code: 404, error_code: "not_found", msg: "Workspace not found" }]);
    expect((await apps(onDomain.cookie)).status).toBe(200);
    expect((await rows(`select changes from audit_log where tenant_id = $1 and action = 'workspace.sso_rule_changed' order by seq`, [owner.tenantId])).map((r) => r.changes)).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
  });
});
