import { AuthClient } from "@supabase/auth-js";
import { describe, expect, it } from "vitest";
import { hashedNonce, startGoogleFake, type GoogleFake } from "../fakes/google-oidc";
import { authJsClient } from "../support/auth-js-client";
import { uniqueEmail } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

/**
 * Issue 31: `signInWithIdToken({ provider: 'custom:<identifier>' })`, GoTrue's id_token grant
 * for a custom OpenID provider added at run time through auth-js `admin.customProviders`. The
 * issuer is the Google fake (discovery, JWKS, ES256 ID tokens on 127.0.0.1) registered as a
 * custom `oidc` provider; its `aud` is the provider's client id unless a test says otherwise.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC1jdXN0b20taWQtdG9rZW4";
const issuer: GoogleFake = suiteResource(() => startGoogleFake("acme-web", "acme-secret"), (fake) => fake.close());
const service = suiteService(() => ({
  label: "custom-id-token",
  env: { SERVICE_ROLE_KEY, CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS: "true", ANONYMOUS_SIGN_IN: "true",
    // An OpenID provider nobody answers for (port 9, discard): what needs its keys cannot be checked.
    EXTERNAL_KEYCLOAK_ENABLED: "true",
    EXTERNAL_KEYCLOAK_CLIENT_ID: "kc-client",
    EXTERNAL_KEYCLOAK_SECRET: "kc-secret",
    EXTERNAL_KEYCLOAK_URL: "http://127.0.0.1:9",
  },
}));

const admin = () =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false })
    .admin.customProviders;
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
let nextId = 1;

/** A custom OpenID provider whose issuer is the fake; `extra` sets GoTrue's per-provider fields. */
async function customOidc(extra: Record<string, unknown> = {}): Promise<string> {
  const identifier = `custom:acme-${nextId++}-${Date.now().toString(36)}`;
  const created = await admin().createProvider({ provider_type: "oidc", identifier, name: "Acme", client_id: "acme-web", client_secret: "acme-secret", issuer: issuer.url, ...extra });
  expect(created.error).toBeNull();
  return identifier;
}

function person(email: string) {
  issuer.control.person = { sub: `acme-${nextId++}`, email, email_verified: true, name: "Grace Hopper" };
  return issuer.control.person;
}

const idTokenRequest = (body: Record<string, unknown>) =>
  fetch(`${service.url}/auth/v1/token?grant_type=id_token`, { method: "POST", headers: { "content-type": "application/json", apikey: "anon" }, body: JSON.stringify(body) });

describe("signInWithIdToken with a custom OpenID provider", () => {
  it("signs up with a good token and its nonce, then the same account again; the identity is custom:<identifier>", async () => {
    const provider = await customOidc();
    const email = uniqueEmail("custom-idtoken");
    const who = person(email);
    const { data, error } = await authJsClient(service).signInWithIdToken({ provider: provider as `custom:${string}`, token: await issuer.idToken({ nonce: hashedNonce("n-1") }), nonce: "n-1" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toMatchObject({ provider, providers: [provider] });
    expect(data.user?.identities).toEqual([expect.objectContaining({ provider, id: who.sub, email, identity_data: expect.objectContaining({ iss: issuer.url, sub: who.sub }) })]);
    const again = await authJsClient(service).signInWithIdToken({ provider: provider as `custom:${string}`, token: await issuer.idToken() });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(data.user!.id);
  });

  it("accepts a token issued to one of acceptable_client_ids, refuses one for another audience, writing nothing", async () => {
    const provider = await customOidc({ acceptable_client_ids: ["acme-ios"] });
    try {
      const email = uniqueEmail("custom-idtoken-aud");
      person(email);
      issuer.control.audience = "acme-ios";
      const ios = await authJsClient(service).signInWithIdToken({ provider: provider as `custom:${string}`, token: await issuer.idToken() });
      expect(ios.error).toBeNull();
      expect(ios.data.user?.email).toBe(email);

      const stranger = uniqueEmail("custom-idtoken-stranger");
      const who = person(stranger);
      issuer.control.audience = "acme-android";
      const answer = await idTokenRequest({ provider, id_token: await issuer.idToken() });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "invalid request", error_description: "Unacceptable audience in id_token: [acme-android]" });
      expect(await rows("select id from auth_users where email = $1", [stranger])).toEqual([]);
      expect(await rows("select id from auth_identities where provider_id = $1", [who.sub])).toEqual([]);
    } finally {
      issuer.reset();
    }
  });

  it("refuses a token issued to a client the provider does not list, even one another provider accepts", async () => {
    await customOidc({ client_id: "someone-else", acceptable_client_ids: ["acme-web"] });
    const strict = await customOidc({ client_id: "acme-desktop" });
    const who = person(uniqueEmail("custom-idtoken-strict"));
    const refused = await authJsClient(service).signInWithIdToken({ provider: strict as `custom:${string}`, token: await issuer.idToken() });
    expect(refused.error?.message).toBe("Unacceptable audience in id_token: [acme-web]");
    expect(await rows("select id from auth_identities where provider_id = $1", [who.sub])).toEqual([]);
  });

  it("refuses a wrong nonce, unless the provider has skip_nonce_check", async () => {
    const checked = await customOidc();
    const email = uniqueEmail("custom-idtoken-nonce");
    person(email);
    const token = await issuer.idToken({ nonce: hashedNonce("the-right-one") });
    const answer = await idTokenRequest({ provider: checked, id_token: token, nonce: "another-one" });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "invalid nonce", error_description: "Nonces mismatch" });
    expect(await rows("select id from auth_users where email = $1", [email])).toEqual([]);

    const lenient = await customOidc({ skip_nonce_check: true });
    const { data, error } = await authJsClient(service).signInWithIdToken({ provider: lenient as `custom:${string}`, token, nonce: "another-one" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it("signs a person with no address in only when the provider has email_optional", async () => {
    const strict = await customOidc();
    const who = person("");
    const refused = await idTokenRequest({ provider: strict, id_token: await issuer.idToken() });
    expect(refused.status).toBe(500);
    expect(await rows("select id from auth_identities where provider_id = $1", [who.sub])).toEqual([]);

    const optional = await customOidc({ email_optional: true });
    const { data, error } = await authJsClient(service).signInWithIdToken({ provider: optional as `custom:${string}`, token: await issuer.idToken() });
    expect(error).toBeNull();
    expect(data.user?.email ?? "").toBe("");
    expect(data.user?.identities).toEqual([expect.objectContaining({ provider: optional, id: who.sub })]);
    // An address-less identity links to no one: not even to an anonymous account's empty address.
    const anonymous = await authJsClient(service).signInAnonymously();
    expect(anonymous.error).toBeNull();
    const again = await authJsClient(service).signInWithIdToken({ provider: optional as `custom:${string}`, token: await issuer.idToken() });
    expect(again.data.user?.id).toBe(data.user!.id);
    const other = person("");
    const second = await authJsClient(service).signInWithIdToken({ provider: optional as `custom:${string}`, token: await issuer.idToken() });
    expect(second.error).toBeNull();
    expect([data.user!.id, anonymous.data.user!.id]).not.toContain(second.data.user!.id);
    expect(second.data.user?.identities).toEqual([expect.objectContaining({ id: other.sub })]);
  });

  it("refuses a disabled, unknown or oauth2 custom provider with GoTrue's 400s, writing nothing", async () => {
    const disabled = await customOidc();
    expect((await admin().updateProvider(disabled, { enabled: false })).error).toBeNull();
    const oauth2 = `custom:plain-${nextId++}-${Date.now().toString(36)}`;
    const created = await admin().createProvider({
      provider_type: "oauth2", identifier: oauth2, name: "Plain", client_id: "acme-web", client_secret: "s",
      authorization_url: `${issuer.url}/o/oauth2/v2/auth`, token_url: `${issuer.url}/token`, userinfo_url: `${issuer.url}/v1/userinfo`,
    });
    expect(created.error).toBeNull();
    const email = uniqueEmail("custom-idtoken-off");
    person(email);
    const token = await issuer.idToken();
    const cases: Array<[string, number, Record<string, unknown>]> = [
      [disabled, 400, { code: 400, error_code: "provider_disabled", msg: `Custom provider "${disabled}" is disabled` }],
      ["custom:nobody", 400, { code: 400, error_code: "validation_failed", msg: 'Custom provider "custom:nobody" not found' }],
      [oauth2, 400, { code: 400, error_code: "validation_failed", msg: `Provider "${oauth2}" is not an OIDC provider` }],
    ];
    for (const [provider, status, body] of cases) {
      const answer = await idTokenRequest({ provider, id_token: token });
      expect(answer.status, provider).toBe(status);
      expect(await answer.json()).toEqual(body);
    }
    expect(await rows("select id from auth_users where email = $1", [email])).toEqual([]);
    const missing = await idTokenRequest({ provider: disabled });
    expect(await missing.json()).toEqual({ error: "invalid request", error_description: "id_token required" });
  });
});

describe("signInWithIdToken with a token that is not a JWT", () => {
  it("is GoTrue's Bad ID token at once, without asking the provider (one that cannot be reached answers the same)", async () => {
    const custom = await customOidc();
    for (const provider of ["keycloak", custom]) {
      const answer = await idTokenRequest({ provider, id_token: "mock-id-token", nonce: "mock-nonce" });
      expect(answer.status, provider).toBe(400);
      expect(await answer.json()).toEqual({ error: "invalid request", error_description: "Bad ID token" });
    }
    // A well-formed one still needs the provider's keys: unreachable, it is the provider's failure.
    const unreachable = await idTokenRequest({ provider: "keycloak", id_token: await issuer.idToken() });
    expect(unreachable.status).toBe(500);
  });
});
