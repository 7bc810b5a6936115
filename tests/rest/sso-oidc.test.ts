import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startGoogleFake, type GoogleFake } from "../fakes/google-oidc";
import { startOidcIssuer, type OidcIssuer } from "../fakes/oidc-issuer";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";
import { oidcCallbackOf, oidcSignIn, openCallback, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

/**
 * Issue 32 item 2 (ADR 085): OpenID Connect enterprise connections. The admin API registers
 * one by issuer (discovery checked), client id and secret (never answered); auth-js
 * `signInWithSSO` unmodified goes to an issuer nobody here wrote (oidc-provider), our callback
 * exchanges the code and verifies the ID token, `exchangeCodeForSession` ends it. The attacks
 * use the Google fake, whose knobs make an issuer misbehave: each is refused at our callback
 * with GoTrue's error query, and no account is written.
 */
let serviceUrl = "";
const issuer: OidcIssuer = suiteResource(() => startOidcIssuer({ clientId: "acme-oidc", secret: "acme-oidc-secret", redirectUri: () => oidcCallbackOf({ url: serviceUrl }) }), (fake) => fake.close());
const rogue: GoogleFake = suiteResource(() => startGoogleFake("rogue-client", "rogue-secret"), (fake) => fake.close());
const service = suiteService(() => ({ label: "sso-oidc", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY, EXTERNAL_PROVIDER_TIMEOUT_SECONDS: "2" } }));
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
const back = () => `${service.url}/welcome`;
const domainOf = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}.example`;
const accountsWith = async (email: string) => (await rows(`select id from auth_users where lower(email) = $1`, [email])).length;

async function acmeProvider(extra: Record<string, unknown> = {}) {
  serviceUrl = service.url;
  const domain = domainOf("acme");
  const created = await ssoAdmin(service, "POST", "", { type: "oidc", issuer: issuer.url, client_id: "acme-oidc", client_secret: "acme-oidc-secret", domains: [domain], ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as string, domain, body: created.body };
}

describe("the admin API with type oidc", () => {
  it("registers a connection after its discovery, never answers the secret, and updates only what is given", async () => {
    const { id, domain, body } = await acmeProvider({ attribute_mapping: { keys: { name: { name: "name" } } } });
    expect(body).toMatchObject({ disabled: false, oidc: { issuer: issuer.url, client_id: "acme-oidc", attribute_mapping: { keys: { name: { name: "name" } } } }, domains: [{ domain }], default_role: "member" });
    expect(body.saml).toBeUndefined();
    const everything = JSON.stringify([body, (await ssoAdmin(service, "GET", `/${id}`)).body, (await ssoAdmin(service, "GET")).body]);
    expect(everything).not.toContain("acme-oidc-secret");
    const [stored] = await rows(`select client_secret_sealed from sso_providers where id = $1`, [id]);
    expect(stored.client_secret_sealed).toMatch(/^v1\./);
    const updated = await ssoAdmin(service, "PUT", `/${id}`, { client_id: "acme-oidc-2", default_role: "viewer" });
    expect(updated.body).toMatchObject({ oidc: { issuer: issuer.url, client_id: "acme-oidc-2" }, default_role: "viewer" });
    expect((await rows(`select client_secret_sealed from sso_providers where id = $1`, [id]))[0].client_secret_sealed).toBe(stored.client_secret_sealed);
    expect((await ssoAdmin(service, "PUT", `/${id}`, { metadata_url: "https://idp.example/metadata" })).body.msg).toBe("metadata_xml, metadata_url and name_id_format are for 'saml' providers only");
  });

  it("refuses what cannot sign in, writing nothing: missing fields, owner by mapping, and a discovery naming another issuer", async () => {
    const before = (await rows(`select count(*)::int as n from sso_providers`))[0].n;
    const base = { type: "oidc", issuer: rogue.url, client_id: "rogue-client", client_secret: "rogue-secret" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, issuer: undefined }, "issuer is required for 'oidc' providers"],
      [{ ...base, client_id: undefined }, "client_id is required for 'oidc' providers"],
      [{ ...base, client_secret: undefined }, "client_secret is required for 'oidc' providers"],
      [{ ...base, issuer: "ftp://issuer.example" }, "issuer must be an https URL without query or fragment"],
      [{ ...base, attribute_mapping: { group_roles: { admins: "owner" } } }, "attribute_mapping.group_roles.admins must be 'member' or 'viewer' (owner is never granted by mapping)"],
      [{ ...base, default_role: "owner" }, "default_role must be 'member' or 'viewer'"],
    ];
    for (const [fields, msg] of cases) expect(await ssoAdmin(service, "POST", "", fields)).toEqual({ status: 400, body: { code: 400, error_code: "validation_failed", msg } });
    rogue.control.discoveryIssuer = "https://accounts.google.com";
    try {
      const refused = await ssoAdmin(service, "POST", "", base);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe("validation_failed");
      expect(refused.body.msg).toContain("issuer mismatch");
    } finally {
      rogue.reset();
    }
    expect((await rows(`select count(*)::int as n from sso_providers`))[0].n).toBe(before);
  });
});

describe("sign-in through an OpenID issuer nobody here wrote (auth-js signInWithSSO, PKCE)", () => {
  it("sends the browser to the issuer with code flow, PKCE S256, nonce and state, and signs the same person in twice as one account", async () => {
    const { id, domain } = await acmeProvider();
    const email = `grace@${domain}`;
    issuer.person = { sub: `acme-${randomUUID()}`, email, email_verified: true, name: "Grace Hopper" };
    const first = await oidcSignIn(service, { domain }, back());
    expect(first.authorizeUrl.origin).toBe(issuer.url);
    const params = Object.fromEntries(first.authorizeUrl.searchParams);
    expect(params).toMatchObject({ client_id: "acme-oidc", response_type: "code", code_challenge_method: "S256", redirect_uri: oidcCallbackOf(service), scope: "openid email profile" });
    expect(params.nonce).toMatch(/^[0-9a-f]{64}$/);
    expect(params.state).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.status).toBe(302);
    expect(first.location.origin + first.location.pathname).toBe(back());
    const { data, error } = await first.auth.exchangeCodeForSession(first.location.searchParams.get("code")!);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, app_metadata: { provider: `sso:${id}`, providers: [`sso:${id}`] }, user_metadata: expect.objectContaining({ name: "Grace Hopper" }) });
    expect(data.user!.identities).toEqual([expect.objectContaining({ provider: `sso:${id}`, id: issuer.person.sub, identity_data: expect.objectContaining({ iss: issuer.url, sub: issuer.person.sub, email }) })]);

    const again = await oidcSignIn(service, { providerId: id }, back());
    const second = await again.auth.exchangeCodeForSession(again.location.searchParams.get("code")!);
    expect(second.data.user?.id).toBe(data.user!.id);
    expect(await accountsWith(email)).toBe(1);
  });
});

describe("attacks at the callback, each refused with GoTrue's error query and nothing written", () => {
  async function rogueProvider() {
    serviceUrl = service.url;
    const domain = domainOf("rogue");
    const created = await ssoAdmin(service, "POST", "", { type: "oidc", issuer: rogue.url, client_id: "rogue-client", client_secret: "rogue-secret", domains: [domain] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const email = `mallory-${randomBytes(3).toString("hex")}@${domain}`;
    rogue.control.person = { sub: `r-${randomUUID()}`, email, email_verified: true };
    return { id: created.body.id as string, domain, email };
  }

  const refusal = (location: URL) => ({ origin: location.origin, error: location.searchParams.get("error"), error_code: location.searchParams.get("error_code"), error_description: location.searchParams.get("error_description") });

  it("a sound sign-in through the same issuer works (the baseline every attack is a change of)", async () => {
    const { domain, email } = await rogueProvider();
    try {
      const { status, location } = await oidcSignIn(service, { domain }, back());
      expect(status).toBe(302);
      expect(location.searchParams.get("code")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await accountsWith(email)).toBe(1);
    } finally {
      rogue.reset();
    }
  });

  it.each([
    ["an ID token carrying another nonce", (c: GoogleFake["control"]) => void (c.nonce = "0".repeat(64)), "ID token is not valid: Nonces mismatch"],
    ["an ID token issued to another audience", (c: GoogleFake["control"]) => void (c.audience = "someone-else"), "ID token is not valid: Unacceptable audience in id_token: [someone-else]"],
    ["an ID token signed by a key outside the issuer's JWKS", (c: GoogleFake["control"]) => void (c.foreignKey = true), "ID token is not valid: Bad ID token"],
    ["an expired ID token", (c: GoogleFake["control"]) => void (c.expiresIn = -3600), "ID token is not valid: Bad ID token"],
  ])("%s", async (_name, misbehave, description) => {
    const { domain, email } = await rogueProvider();
    misbehave(rogue.control);
    try {
      const { status, location } = await oidcSignIn(service, { domain }, back());
      expect(status).toBe(303);
      expect(refusal(location)).toEqual({ origin: service.url, error: "invalid_request", error_code: "validation_failed", error_description: description });
      expect(await accountsWith(email)).toBe(0);
    } finally {
      rogue.reset();
    }
  });

  it("a forged state, and a callback opened twice, are refused (the state is used once, on any instance)", async () => {
    const forged = await openCallback(`${oidcCallbackOf(service)}?code=4%2Fanything&state=${randomUUID()}`);
    expect(forged.status).toBe(303);
    expect(refusal(forged.location)).toMatchObject({ error_code: "bad_oauth_state", error_description: "OAuth state is invalid or has already been used" });
    const malformed = await openCallback(`${oidcCallbackOf(service)}?code=x&state=not-a-state`);
    expect(refusal(malformed.location).error_code).toBe("bad_oauth_state");

    const { domain, email } = await rogueProvider();
    try {
      const first = await oidcSignIn(service, { domain }, back());
      expect(first.status).toBe(302);
      const accounts = await rows(`select id, updated_at from auth_users where lower(email) = $1`, [email]);
      const replay = await openCallback(first.callbackUrl);
      expect(replay.status).toBe(303);
      expect(refusal(replay.location)).toMatchObject({ error: "invalid_request", error_code: "bad_oauth_state" });
      expect(await rows(`select id, updated_at from auth_users where lower(email) = $1`, [email])).toEqual(accounts);
    } finally {
      rogue.reset();
    }
  });

  it("the issuer's own refusal comes back as GoTrue's error query", async () => {
    const { domain, email } = await rogueProvider();
    rogue.control.denyNext = "access_denied";
    try {
      const { status, location } = await oidcSignIn(service, { domain }, back());
      expect(status).toBe(303);
      expect(refusal(location)).toMatchObject({ error_code: "bad_oauth_callback", error_description: "The identity provider refused the sign-in: The user denied access." });
      expect(await accountsWith(email)).toBe(0);
    } finally {
      rogue.reset();
    }
  });
});
