import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startGoogleFake, type GoogleFake } from "../fakes/google-oidc";
import { startOidcIssuer, type OidcIssuer } from "../fakes/oidc-issuer";
import { signedInOwner } from "../support/actors";
import { browse } from "../support/external-sign-in";
import { api } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";
import { oidcCallbackOf, openCallback, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

/**
 * "Test the connection" for a workspace's OpenID connection (issue 32 item 3, ADR 086): the
 * owner's test start sends the browser to the issuer with a flagged state; our callback checks
 * everything a sign-in checks (code exchange, ID token signature, iss, aud, exp, nonce,
 * userinfo) and writes only the owner's report, with the name and role a sign-in would give.
 * The issuers are the standalone oidc-provider fake and the Google fake with its knobs. The
 * fakes serve http, which the workspace API refuses as an issuer: the connections are made with
 * the admin API (which allows it) and given to the workspace by setting `tenant_id`.
 */
let serviceUrl = "";
const issuer: OidcIssuer = suiteResource(() => startOidcIssuer({ clientId: "corp-oidc", secret: "corp-oidc-secret", redirectUri: () => oidcCallbackOf({ url: serviceUrl }) }), (fake) => fake.close());
const rogue: GoogleFake = suiteResource(() => startGoogleFake("rogue-client", "rogue-secret"), (fake) => fake.close());
const service = suiteService(() => ({ label: "workspace-sso-oidc-test", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY, EXTERNAL_PROVIDER_TIMEOUT_SECONDS: "2" } }));
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
const counts = async () =>
  (
    await rows(`select (select count(*)::int from auth_users) as users, (select count(*)::int from auth_identities) as identities,
                       (select count(*)::int from tenant_memberships) as memberships, (select count(*)::int from auth_sessions) as sessions`)
  )[0];

async function workspaceConnection(fields: Record<string, unknown>) {
  serviceUrl = service.url;
  const owner = await signedInOwner(service, { slugPrefix: "oidc-test" });
  const created = await ssoAdmin(service, "POST", "", { type: "oidc", ...fields, attribute_mapping: { group_roles: { engineers: "viewer" } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await rows(`update sso_providers set tenant_id = $1 where id = $2`, [owner.tenantId, created.body.id]);
  return { owner, providerId: created.body.id as string };
}

/** The owner presses "Test connection": the issuer's sign-in in test mode, through to our callback. */
async function testConnection(owner: { cookie: string }, providerId: string) {
  const started = await api(service, `/api/tenants/me/sso/providers/${providerId}/test`, { method: "POST", cookie: owner.cookie });
  expect(started.status, started.text).toBe(200);
  const { final } = await browse(started.body.url, oidcCallbackOf(service));
  return { authorizeUrl: new URL(started.body.url), ...(await openCallback(final.href)) };
}

const reportOf = async (owner: { cookie: string }, providerId: string) => (await api(service, `/api/tenants/me/sso/providers/${providerId}/test`, { cookie: owner.cookie })).body.report;

describe("testing an OpenID connection", () => {
  it("signs in at the issuer nobody here wrote, checks it all, and writes only the owner's report", async () => {
    const { owner, providerId } = await workspaceConnection({ issuer: issuer.url, client_id: "corp-oidc", client_secret: "corp-oidc-secret" });
    const email = `ada-${randomBytes(3).toString("hex")}@corp.example`;
    issuer.person = { sub: `corp-${randomUUID()}`, email, email_verified: true, name: "Ada Lovelace", groups: ["engineers"] };
    const before = await counts();

    const { authorizeUrl, status, location } = await testConnection(owner.user, providerId);
    expect(authorizeUrl.origin).toBe(issuer.url);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({ client_id: "corp-oidc", response_type: "code", code_challenge_method: "S256", redirect_uri: oidcCallbackOf(service) });
    expect([status, location.href]).toEqual([302, `${service.url}/settings/sso?tested=${providerId}`]);
    expect(await reportOf(owner.user, providerId)).toMatchObject({
      ok: true,
      subject: issuer.person.sub,
      email,
      attributes: { email, name: "Ada Lovelace", groups: ["engineers"] },
      error: null,
      mappedName: "Ada Lovelace",
      mappedRole: "viewer",
    });
    expect(await counts()).toEqual(before);
    expect(await rows(`select 1 from auth_users where lower(email) = $1`, [email])).toEqual([]);
  });

  it("reports an ID token for another audience with the reason, and writes nothing else", async () => {
    const { owner, providerId } = await workspaceConnection({ issuer: rogue.url, client_id: "rogue-client", client_secret: "rogue-secret" });
    rogue.control.person = { sub: `r-${randomUUID()}`, email: `eve-${randomBytes(3).toString("hex")}@corp.example`, email_verified: true };
    rogue.control.audience = "someone-else";
    try {
      const before = await counts();
      const { status, location } = await testConnection(owner.user, providerId);
      expect([status, location.href]).toEqual([302, `${service.url}/settings/sso?tested=${providerId}`]);
      expect(await reportOf(owner.user, providerId)).toMatchObject({ ok: false, subject: null, email: null, attributes: {}, error: "ID token is not valid: Unacceptable audience in id_token: [someone-else]" });
      expect(await counts()).toEqual(before);
    } finally {
      rogue.reset();
    }
  });

  it("is the owner's: another workspace's owner cannot test it", async () => {
    const { providerId } = await workspaceConnection({ issuer: issuer.url, client_id: "corp-oidc", client_secret: "corp-oidc-secret" });
    const stranger = await signedInOwner(service, { slugPrefix: "oidc-other" });
    expect((await api(service, `/api/tenants/me/sso/providers/${providerId}/test`, { method: "POST", cookie: stranger.user.cookie })).status).toBe(404);
  });
});
