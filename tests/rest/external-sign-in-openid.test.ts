import { describe, expect, it } from "vitest";
import { hashedNonce, startGoogleFake, type GoogleFake } from "../fakes/google-oidc";
import { startOidcIssuer, type OidcIssuer } from "../fakes/oidc-issuer";
import { authJsClient } from "../support/auth-js-client";
import { browse, pkceAuthClient } from "../support/external-sign-in";
import { uniqueEmail } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

/**
 * Issue 31, ADR 075: "Continue with Google" against a fake of Google's OpenID provider, and the
 * generic `keycloak` provider against an issuer nobody here wrote (oidc-provider), both driven
 * by auth-js unmodified: signInWithOAuth, the redirects followed, exchangeCodeForSession.
 */
let serviceUrl = "";
const google: GoogleFake = suiteResource(() => startGoogleFake("google-client", "google-secret"), (fake) => fake.close());
const issuer: OidcIssuer = suiteResource(() => startOidcIssuer({ clientId: "kc-client", secret: "kc-secret", redirectUri: () => `${serviceUrl}/auth/v1/callback` }), (fake) => fake.close());
const upstreams = () => ({
    EXTERNAL_GOOGLE_ENABLED: "true",
    EXTERNAL_GOOGLE_CLIENT_ID: "google-client",
    EXTERNAL_GOOGLE_SECRET: "google-secret",
    EXTERNAL_GOOGLE_URL: google.url,
    EXTERNAL_KEYCLOAK_ENABLED: "true",
    EXTERNAL_KEYCLOAK_CLIENT_ID: "kc-client",
    EXTERNAL_KEYCLOAK_SECRET: "kc-secret",
    EXTERNAL_KEYCLOAK_URL: issuer.url,
});
const service = suiteService(() => ({ label: "external-openid", env: upstreams() }));
/**
 * The timeout's own service: with a 1 s timeout for the whole file, any upstream call that a
 * loaded machine slowed past a second failed a sign-in that had nothing to do with timeouts.
 */
const impatient = suiteService(() => ({ label: "external-openid-timeout", env: { ...upstreams(), EXTERNAL_PROVIDER_TIMEOUT_SECONDS: "1" } }));

let nextId = 5000;
const back = () => `${service.url}/welcome`;
const amrOf = (token: string) => (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { amr: Array<{ method: string }> }).amr.map((entry) => entry.method);
const rows = async (sql: string, params: unknown[]) => (await service.db.query(sql, params)).rows;

async function pkceSignIn(provider: "google" | "keycloak", on = service) {
  const auth = pkceAuthClient(on);
  const landing = `${on.url}/welcome`;
  const { data, error } = await auth.signInWithOAuth({ provider, options: { redirectTo: landing, skipBrowserRedirect: true } });
  expect(error).toBeNull();
  const { final, statuses } = await browse(data.url!, landing);
  expect(final.origin + final.pathname).toBe(landing);
  return { auth, final, statuses };
}

function googlePerson(email: string, verified = true) {
  serviceUrl = service.url;
  google.control.person = { sub: String(nextId++), email, email_verified: verified, name: "Ada Lovelace", picture: "https://pictures.example/ada.png" };
  return google.control.person;
}

describe("discovery", () => {
  // First in the file: the service keeps a discovered document five minutes, so this runs before any sign-in discovered Google's.
  it("refuses a discovery document naming another issuer: no authorization URL, no redirect", async () => {
    google.control.discoveryIssuer = "https://accounts.google.com";
    try {
      const { data } = await pkceAuthClient(service).signInWithOAuth({ provider: "google", options: { redirectTo: back(), skipBrowserRedirect: true } });
      const answer = await fetch(data.url!, { redirect: "manual" });
      expect(answer.headers.get("location")).toBeNull();
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ error_code: "unexpected_failure", msg: "Error getting provider's authorization URL" });
    } finally {
      google.reset();
    }
  });
});

describe.each(["google", "keycloak"] as const)("sign-in with %s (PKCE, auth-js)", (provider) => {
  function person(email: string) {
    serviceUrl = service.url;
    if (provider === "google") return googlePerson(email);
    issuer.person = { sub: `kc-${nextId++}`, email, email_verified: true, name: "Grace Hopper", preferred_username: "grace" };
    return issuer.person;
  }

  it("signs up a new person, then signs the same person in again to the same account", async () => {
    const email = uniqueEmail(`${provider}-new`);
    const who = person(email);
    const { auth, final } = await pkceSignIn(provider);
    const code = final.searchParams.get("code");
    expect(code, final.href).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toMatchObject({ provider, providers: [provider] });
    expect(data.user?.identities).toEqual([
      expect.objectContaining({ provider, id: who.sub, user_id: data.user!.id, email, identity_data: expect.objectContaining({ sub: who.sub, email, email_verified: true, iss: provider === "google" ? google.url : issuer.url, name: who.name }) }),
    ]);
    expect(await rows("select provider, provider_id from auth_identities where user_id = $1", [data.user!.id])).toEqual([{ provider, provider_id: who.sub }]);
    // GoTrue's amr for an upstream sign-in, kept across a refresh.
    expect(amrOf(data.session!.access_token)).toEqual(["oauth"]);
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(amrOf(refreshed.data.session!.access_token)).toEqual(["oauth"]);
    const again = await pkceSignIn(provider);
    const second = await again.auth.exchangeCodeForSession(again.final.searchParams.get("code")!);
    expect(second.data.user?.id).toBe(data.user!.id);
    expect(await rows("select count(*)::int as n from auth_identities where user_id = $1", [data.user!.id])).toEqual([{ n: 1 }]);
  });
});

describe("a Google that misbehaves: refused to redirect_to, nothing written", () => {
  const cases: Array<[string, Partial<GoogleFake["control"]>]> = [
    ["an ID token signed by another key", { foreignKey: true }],
    ["an ID token for another audience", { audience: "someone-else" }],
    ["an expired ID token", { expiresIn: -600 }],
    ["an ID token with another nonce", { nonce: "0".repeat(64) }],
  ];
  it.each(cases)("%s", async (_label, knobs) => {
    const email = uniqueEmail("google-bad");
    const who = googlePerson(email);
    Object.assign(google.control, knobs);
    try {
      const { final } = await pkceSignIn("google");
      expect(final.searchParams.get("code")).toBeNull();
      expect(final.searchParams.get("error")).toBe("server_error");
      expect(final.searchParams.get("error_description")).toBe("Error getting user profile from external provider");
      expect(new URLSearchParams(final.hash.slice(1)).get("error")).toBe("server_error");
      expect(await rows("select id from auth_users where email = $1", [email])).toEqual([]);
      expect(await rows("select id from auth_identities where provider_id = $1", [who.sub])).toEqual([]);
    } finally {
      google.reset();
    }
  });
});

describe("Google's own refusals and failures", () => {
  it("never links by an address Google has not verified: provider_email_needs_verification to redirect_to, nothing written", async () => {
    const email = uniqueEmail("google-unverified");
    const signUp = await authJsClient(service).signUp({ email, password: "correct horse battery" });
    expect(signUp.error).toBeNull();
    const who = googlePerson(email, false);
    const { final } = await pkceSignIn("google");
    expect(final.searchParams.get("error")).toBe("access_denied");
    expect(final.searchParams.get("error_code")).toBe("provider_email_needs_verification");
    expect(final.searchParams.get("error_description")).toBe("Unverified email with google. Verify the email with google in order to sign in");
    expect(await rows("select provider from auth_identities where user_id = $1 or provider_id = $2", [signUp.data.user!.id, who.sub])).toEqual([{ provider: "email" }]);
  });

  it("passes Google's error to redirect_to", async () => {
    googlePerson(uniqueEmail("google-denied"));
    google.control.denyNext = "access_denied";
    const { final } = await pkceSignIn("google");
    expect(final.searchParams.get("error")).toBe("access_denied");
    expect(final.searchParams.get("error_description")).toBe("The user denied access.");
  });

  it("gives up on a slow token endpoint after EXTERNAL_PROVIDER_TIMEOUT_SECONDS: server_error, no account", async () => {
    const email = uniqueEmail("google-slow");
    googlePerson(email);
    // Far slower than the 1 s timeout: an answer well before it shows the timeout cut the wait.
    google.control.slowMs = 8_000;
    try {
      const started = Date.now();
      const { final } = await pkceSignIn("google", impatient);
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(final.searchParams.get("error")).toBe("server_error");
      expect(final.searchParams.get("error_description")).toMatch(/^Unable to exchange external code: /);
      expect((await impatient.db.query("select id from auth_users where email = $1", [email])).rows).toEqual([]);
    } finally {
      google.reset();
    }
  });
});

describe("signInWithIdToken (POST /auth/v1/token?grant_type=id_token) with Google's ID tokens", () => {
  const idTokenRequest = (body: Record<string, unknown>) =>
    fetch(`${service.url}/auth/v1/token?grant_type=id_token`, { method: "POST", headers: { "content-type": "application/json", apikey: "anon" }, body: JSON.stringify(body) });

  it("signs up with a good token and its nonce, then signs the same account in again; identities as after the callback", async () => {
    const email = uniqueEmail("google-idtoken");
    const who = googlePerson(email);
    const auth = authJsClient(service);
    const { data, error } = await auth.signInWithIdToken({ provider: "google", token: await google.idToken({ nonce: hashedNonce("raw-nonce-1") }), nonce: "raw-nonce-1" });
    expect(error).toBeNull();
    expect(amrOf(data.session!.access_token)).toEqual(["oauth"]);
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toMatchObject({ provider: "google", providers: ["google"] });
    expect(data.user?.identities).toEqual([expect.objectContaining({ provider: "google", id: who.sub, email, identity_data: expect.objectContaining({ sub: who.sub, iss: google.url, email_verified: true }) })]);
    const again = await authJsClient(service).signInWithIdToken({ provider: "google", token: await google.idToken() });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(data.user!.id);
    expect(await rows("select count(*)::int as n from auth_identities where user_id = $1", [data.user!.id])).toEqual([{ n: 1 }]);
    expect(await rows("select count(*)::int as n from auth_sessions where user_id = $1", [data.user!.id])).toEqual([{ n: 2 }]);
  });

  const refusals: Array<[string, Partial<GoogleFake["control"]>, { nonce?: string; alg?: "none" }, string | undefined, { error: string; error_description: string }]> = [
    ["signed by another key", { foreignKey: true }, {}, undefined, { error: "invalid request", error_description: "Bad ID token" }],
    ["issued to another audience", { audience: "someone-else" }, {}, undefined, { error: "invalid request", error_description: "Unacceptable audience in id_token: [someone-else]" }],
    ["expired", { expiresIn: -600 }, {}, undefined, { error: "invalid request", error_description: "Bad ID token" }],
    ["carrying another nonce", {}, { nonce: hashedNonce("the-right-one") }, "another-one", { error: "invalid nonce", error_description: "Nonces mismatch" }],
    ["carrying a nonce none was passed for", {}, { nonce: hashedNonce("n") }, undefined, { error: "invalid request", error_description: "Passed nonce and nonce in id_token should either both exist or not." }],
    ["unsigned (alg none)", {}, { alg: "none" }, undefined, { error: "invalid request", error_description: "Bad ID token" }],
  ];
  it.each(refusals)("refuses a token %s with GoTrue's OAuth error, nothing written", async (_label, knobs, claims, nonce, body) => {
    const email = uniqueEmail("google-idtoken-bad");
    const who = googlePerson(email);
    Object.assign(google.control, knobs);
    try {
      const token = await google.idToken(claims);
      const answer = await idTokenRequest({ provider: "google", id_token: token, ...(nonce ? { nonce } : {}) });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual(body);
      const viaAuthJs = await authJsClient(service).signInWithIdToken({ provider: "google", token, ...(nonce ? { nonce } : {}) });
      expect(viaAuthJs.error?.message).toBe(body.error_description);
      expect(viaAuthJs.data.session).toBeNull();
      expect(await rows("select id from auth_users where email = $1", [email])).toEqual([]);
      expect(await rows("select id from auth_identities where provider_id = $1", [who.sub])).toEqual([]);
    } finally {
      google.reset();
    }
  });

  it("refuses a request without id_token as GoTrue (id_token required)", async () => {
    const answer = await idTokenRequest({ provider: "google" });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "invalid request", error_description: "id_token required" });
  });
});

describe("signInWithIdToken with an ID token of the keycloak issuer (oidc-provider)", () => {
  /** What an app that signed the person in itself holds: the issuer's ID token for the service's client, with the nonce's hash. */
  async function issuerIdToken(rawNonce: string): Promise<string> {
    serviceUrl = service.url;
    const authorize = new URL(`${issuer.url}/auth`);
    for (const [key, value] of Object.entries({ client_id: "kc-client", redirect_uri: `${service.url}/auth/v1/callback`, response_type: "code", scope: "openid email profile", state: "s", nonce: hashedNonce(rawNonce) })) authorize.searchParams.set(key, value);
    const { final } = await browse(authorize.href, `${service.url}/auth/v1/callback`);
    const code = final.searchParams.get("code");
    expect(code, final.href).toBeTruthy();
    const answer = await fetch(`${issuer.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: code!, redirect_uri: `${service.url}/auth/v1/callback`, client_id: "kc-client", client_secret: "kc-secret" }),
    });
    return ((await answer.json()) as { id_token: string }).id_token;
  }

  it("signs in with the token and its nonce; the same token with another nonce is refused", async () => {
    const email = uniqueEmail("kc-idtoken");
    issuer.person = { sub: `kc-${nextId++}`, email, email_verified: true, name: "Katherine Johnson" };
    const token = await issuerIdToken("kc-raw-nonce");
    const wrong = await authJsClient(service).signInWithIdToken({ provider: "keycloak", token, nonce: "another" });
    expect(wrong.error?.message).toBe("Nonces mismatch");
    expect(await rows("select id from auth_users where email = $1", [email])).toEqual([]);
    const { data, error } = await authJsClient(service).signInWithIdToken({ provider: "keycloak", token, nonce: "kc-raw-nonce" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toEqual([expect.objectContaining({ provider: "keycloak", id: issuer.person.sub, identity_data: expect.objectContaining({ iss: issuer.url, name: "Katherine Johnson" }) })]);
  });
});
