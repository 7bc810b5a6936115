import { describe, expect, it } from "vitest";
import { forgingIdp } from "../fakes/saml-signer";
import { createTenant, signUp, uniqueSlug } from "../support/http";
import { suiteService } from "../support/service";
import { serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

/**
 * Issue 32, 1 (ADR 079): GoTrue's admin SSO API (`/auth/v1/admin/sso/providers`) in its bodies
 * and errors, by plain fetch (auth-js has no SSO admin client); `POST /auth/v1/sso`'s
 * refusals; a workspace's provider makes its people members with its default role.
 */
const service = suiteService(() => ({ label: "sso-admin", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY } }));
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
const start = async (body: unknown) => {
  const response = await fetch(`${service.url}/auth/v1/sso`, { method: "POST", redirect: "manual", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, location: response.headers.get("location"), body: response.status === 303 ? null : await response.json() };
};

describe("the admin SSO provider API", () => {
  it("creates, lists (without metadata), gets, updates and deletes in GoTrue's shapes", async () => {
    const idp = forgingIdp("https://crud-idp.example/metadata");
    const created = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: idp.metadataXml, domains: ["Crud.Example"], attribute_mapping: { keys: { name: { name: "displayName" } } } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      disabled: false,
      saml: { entity_id: idp.entityId, metadata_xml: idp.metadataXml, attribute_mapping: { keys: { name: { name: "displayName" } } } },
      domains: [{ domain: "crud.example" }],
    });
    const id = created.body.id as string;
    const list = await ssoAdmin(service, "GET");
    expect(list.status).toBe(200);
    const listed = list.body.items.find((item: { id: string }) => item.id === id);
    expect(listed.saml.metadata_xml).toBeUndefined();
    expect((await ssoAdmin(service, "GET", `/${id}`)).body).toEqual(created.body);

    const updated = await ssoAdmin(service, "PUT", `/${id}`, { domains: ["crud.example", "crud2.example"] });
    expect(updated.status).toBe(200);
    expect(updated.body.domains).toEqual([{ domain: "crud.example" }, { domain: "crud2.example" }]);
    const otherEntity = forgingIdp("https://someone-else.example/metadata");
    const mismatch = await ssoAdmin(service, "PUT", `/${id}`, { metadata_xml: otherEntity.metadataXml });
    expect(mismatch).toEqual({
      status: 400,
      body: { code: 400, error_code: "saml_entity_id_mismatch", msg: `SAML Metadata can be updated only if the EntityID matches for the provider; expected '${idp.entityId}' but got '${otherEntity.entityId}'` },
    });

    const deleted = await ssoAdmin(service, "DELETE", `/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(id);
    expect((await ssoAdmin(service, "GET", `/${id}`)).body).toEqual({ code: 404, error_code: "sso_provider_not_found", msg: "SSO Identity Provider not found" });
    expect(await rows(`select domain from sso_domains where provider_id = $1`, [id])).toEqual([]);
  });

  it("refuses with GoTrue's errors, writing nothing", async () => {
    const before = (await rows(`select count(*)::int as n from sso_providers`))[0].n;
    const idp = forgingIdp("https://refusals-idp.example/metadata");
    const cases: [unknown, number, string, string][] = [
      // OpenID connections arrived with ADR 085: an `oidc` body carrying SAML's metadata is refused for that now.
      [{ type: "oidc", metadata_xml: idp.metadataXml }, 400, "validation_failed", "metadata_xml, metadata_url and name_id_format are for 'saml' providers only"],
      [{ type: "ldap", metadata_xml: idp.metadataXml }, 400, "validation_failed", "Only 'saml' or 'oidc' supported for SSO provider type"],
      [{ type: "saml" }, 400, "validation_failed", "Either metadata_xml or metadata_url must be set"],
      [{ type: "saml", metadata_xml: idp.metadataXml, metadata_url: "https://x.example/m" }, 400, "validation_failed", "Only one of metadata_xml or metadata_url needs to be set"],
      [{ type: "saml", metadata_url: "http://x.example/m" }, 400, "validation_failed", "metadata_url is not a HTTPS URL"],
      [{ type: "saml", metadata_xml: "<nope/>" }, 400, "validation_failed", "SAML Metadata is not a valid EntityDescriptor"],
      [{ type: "saml", metadata_xml: idp.metadataXml.replace(/<md:IDPSSODescriptor[\s\S]*<\/md:IDPSSODescriptor>/, "") }, 400, "validation_failed", "SAML Metadata does not contain any IDPSSODescriptor"],
    ];
    for (const [body, status, code, msg] of cases) expect(await ssoAdmin(service, "POST", "", body)).toEqual({ status, body: { code: status, error_code: code, msg } });
    const first = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: idp.metadataXml, domains: ["refusals.example"] });
    expect(first.status).toBe(201);
    expect(await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: idp.metadataXml })).toEqual({
      status: 422,
      body: { code: 422, error_code: "saml_idp_already_exists", msg: `SAML Identity Provider with this EntityID (${idp.entityId}) already exists` },
    });
    const other = forgingIdp("https://refusals-other.example/metadata");
    expect(await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: other.metadataXml, domains: ["refusals.example"] })).toEqual({
      status: 400,
      body: { code: 400, error_code: "sso_domain_already_exists", msg: `SSO Domain 'refusals.example' is already assigned to an SSO identity provider (${first.body.id})` },
    });
    expect((await rows(`select count(*)::int as n from sso_providers`))[0].n).toBe(before + 1);
    expect((await ssoAdmin(service, "GET", "", undefined, "not-the-key")).status).toBe(403);
  });

  it("POST /auth/v1/sso: { url } or 303, and GoTrue's refusals", async () => {
    const idp = forgingIdp("https://start-idp.example/metadata");
    const created = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: idp.metadataXml, domains: ["start.example"] });
    const redirect = await start({ provider_id: created.body.id });
    expect(redirect.status).toBe(303);
    expect(redirect.location).toMatch(/^https:\/\/idp\.invalid\/sso\?SAMLRequest=.+&RelayState=[0-9a-f-]{36}/);
    expect((await start({ domain: "start.example", skip_http_redirect: true })).body.url).toMatch(/^https:\/\/idp\.invalid\/sso\?SAMLRequest=/);
    expect(await start({})).toMatchObject({ status: 400, body: { code: 400, error_code: "validation_failed", msg: "A provider_id or domain needs to be provided" } });
    expect(await start({ domain: "start.example", provider_id: created.body.id })).toMatchObject({ status: 400, body: { error_code: "validation_failed", msg: "Only one of provider_id or domain supported" } });
    expect(await start({ domain: "nobody.example" })).toMatchObject({ status: 404, body: { code: 404, error_code: "sso_provider_not_found", msg: "No SSO provider assigned for this domain" } });
    await ssoAdmin(service, "PUT", `/${created.body.id}`, { disabled: true });
    expect(await start({ domain: "start.example" })).toMatchObject({ status: 404, body: { error_code: "sso_provider_disabled", msg: "SSO Provider is currently disabled" } });
  });
});

describe("a workspace's provider", () => {
  it("makes a first-time person a member with the provider's default role (never owner), once", async () => {
    const owner = await signUp(service);
    const tenant = await createTenant(service, owner, uniqueSlug("sso"));
    const idp = forgingIdp("https://workspace-idp.example/metadata");
    const created = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: idp.metadataXml, domains: ["workspace-sso.example"] });
    // A workspace owner's page sets these in a later round; here the row is written as it would.
    await rows(`update sso_providers set tenant_id = $1, default_role = 'viewer' where id = $2`, [tenant.id, created.body.id]);
    const sp = serviceProviderOf(service);
    for (const round of [1, 2]) {
      const response = await fetch(sp.acsUrl, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ SAMLResponse: idp.response({ acsUrl: sp.acsUrl, audience: sp.entityId, email: "pat@workspace-sso.example" }) }).toString(),
      });
      expect(response.status, `round ${round}`).toBe(302);
    }
    const members = await rows(`select m.role from tenant_memberships m join auth_users u on u.id = m.user_id where m.tenant_id = $1 and u.email = 'pat@workspace-sso.example'`, [tenant.id]);
    expect(members).toEqual([{ role: "viewer" }]);
    expect(await rows(`select 1 from sso_providers where default_role = 'owner'`)).toEqual([]);
    await expect(rows(`update sso_providers set default_role = 'owner' where id = $1`, [created.body.id])).rejects.toThrow();
  });
});
