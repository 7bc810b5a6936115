import { AuthClient } from "@supabase/auth-js";
import { decodeJwt } from "jose";
import * as openid from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, uniqueEmail, type TestUser } from "../support/http";
import { approveInBrowser } from "../support/oauth-client";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 16, 1.6: GoTrue's admin OAuth client routes, driven by an unmodified auth-js
 * `auth.admin.oauth`, over the authorization server's own clients (docs/decisions/055): a
 * client made here signs a person in with code + PKCE through openid-client.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC1vYXV0aC1jbGllbnRz";
const REDIRECT = "http://127.0.0.1:8765/callback";
let service: RunningService;
let person: TestUser;
let issuer: string;
beforeAll(async () => {
  service = await startService({ label: "auth-js-admin-oauth", env: { SERVICE_ROLE_KEY } });
  issuer = `${service.url}/auth/v1`;
  person = await signUp(service);
}, 60_000);
afterAll(() => service?.stop());

const authClient = (key: string) =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
const admin = () => authClient(SERVICE_ROLE_KEY).admin;

const storedClient = async (id: string) =>
  (await service.db.query("select payload from oauth_records where kind = 'Client' and id = $1", [id])).rows[0]?.payload as Record<string, unknown> | undefined;
const clientCount = async () => (await service.db.query("select count(*)::int as n from oauth_records where kind = 'Client'")).rows[0].n as number;

/** openid-client configured for a client made by the admin API (discovery, then our own id and auth). */
async function configured(clientId: string, auth: openid.ClientAuth) {
  const discovered = await openid.discovery(new URL(issuer), clientId, undefined, auth, { execute: [openid.allowInsecureRequests] });
  return new openid.Configuration(discovered.serverMetadata(), clientId, { id_token_signed_response_alg: "ES256" }, auth);
}

async function codeFlow(config: openid.Configuration, redirectUri = REDIRECT) {
  openid.allowInsecureRequests(config);
  const verifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const url = openid.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: "openid email", code_challenge: await openid.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state });
  const { redirect, consentHtml } = await approveInBrowser(service, person.cookie, url.href);
  return { redirect, consentHtml, verifier, state };
}

describe("auth-js auth.admin.oauth", () => {
  it("creates, gets, updates, lists, regenerates and deletes clients, the secret answered only on create and regenerate", async () => {
    const created = await admin().oauth.createClient({ client_name: "Reports", redirect_uris: [REDIRECT, "https://reports.example.com/callback"] });
    expect(created.error).toBeNull();
    const id = created.data!.client_id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created.data).toEqual({
      client_id: id,
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_type: "confidential",
      client_name: "Reports",
      redirect_uris: [REDIRECT, "https://reports.example.com/callback"],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      registration_type: "manual",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // Stored where dynamic registration stores clients, the secret as its SHA-256 only.
    const stored = await storedClient(id);
    expect(stored?.client_secret).toMatch(/^sha256\$/);
    expect(JSON.stringify(stored)).not.toContain(created.data!.client_secret!);

    const got = await admin().oauth.getClient(id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({ ...created.data, client_secret: undefined });
    expect(Object.keys(got.data!)).not.toContain("client_secret");

    const updated = await admin().oauth.updateClient(id, { logo_uri: "https://reports.example.com/logo.png" });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ client_id: id, client_name: "Reports", logo_uri: "https://reports.example.com/logo.png" });
    expect(Object.keys(updated.data!)).not.toContain("client_secret");

    const second = await admin().oauth.createClient({ client_name: "Second", redirect_uris: [REDIRECT] });
    const total = await clientCount();
    const page1 = await admin().oauth.listClients({ page: 1, perPage: 1 });
    expect(page1.error).toBeNull();
    expect(page1.data.clients.map((c) => c.client_id)).toEqual([second.data!.client_id]);
    expect(page1.data).toMatchObject({ aud: "authenticated", total, nextPage: 2 });
    expect(page1.data.clients.every((c) => !("client_secret" in c))).toBe(true);
    const all = await admin().oauth.listClients({ page: 1, perPage: 1000 });
    expect(all.data.clients.map((c) => c.client_id)).toEqual(expect.arrayContaining([id, second.data!.client_id]));

    const regenerated = await admin().oauth.regenerateClientSecret(id);
    expect(regenerated.error).toBeNull();
    expect(regenerated.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated.data?.client_secret).not.toBe(created.data!.client_secret);

    expect((await admin().oauth.deleteClient(id)).error).toBeNull();
    expect(await storedClient(id)).toBeUndefined();
    const gone = await admin().oauth.getClient(id);
    expect(gone.data).toBeNull();
    expect(gone.error).toMatchObject({ status: 404, code: "oauth_client_not_found", message: "OAuth client not found" });
    expect((await admin().oauth.deleteClient(id)).error).toMatchObject({ status: 404, code: "oauth_client_not_found" });
  });

  it("a confidential client made here signs a person in with code + PKCE; its regenerated secret replaces the old one; deleting it stops its tokens", async () => {
    const { data } = await admin().oauth.createClient({ client_name: "Ledger sync", redirect_uris: [REDIRECT] });
    const clientId = data!.client_id;
    const config = await configured(clientId, openid.ClientSecretBasic(data!.client_secret!));
    const { redirect, consentHtml, verifier, state } = await codeFlow(config);
    expect(consentHtml).toContain("Ledger sync");
    // The service's administrator made this client: the consent page does not warn it registered itself.
    expect(consentHtml).not.toContain("Unverified application");
    const tokens = await openid.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: issuer, sub: person.userId, client_id: clientId, email: person.email });

    const renewed = (await admin().oauth.regenerateClientSecret(clientId)).data!.client_secret!;
    await expect(openid.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ status: 401 });
    const renewedConfig = await configured(clientId, openid.ClientSecretBasic(renewed));
    openid.allowInsecureRequests(renewedConfig);
    const refreshed = await openid.refreshTokenGrant(renewedConfig, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();

    // The token works where an app's token is meant to (userinfo), never as the person's session (issue 27, ADR 064).
    const userBefore = await fetch(`${service.url}/auth/v1/oauth/userinfo`, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    expect(userBefore.status).toBe(200);
    const asSession = await fetch(`${service.url}/auth/v1/user`, { headers: { authorization: `Bearer ${refreshed.access_token}`, apikey: "anon" } });
    expect(asSession.status).toBe(403);
    expect((await admin().oauth.deleteClient(clientId)).error).toBeNull();
    const session = await service.db.query("select revoked_at from auth_sessions where id = $1", [claims.session_id]);
    expect(session.rows[0].revoked_at).not.toBeNull();
    // The client is gone: the token endpoint no longer authenticates it (401, invalid_client in WWW-Authenticate).
    await expect(openid.refreshTokenGrant(renewedConfig, refreshed.refresh_token!)).rejects.toMatchObject({ status: 401 });
    const userAfter = await fetch(`${service.url}/auth/v1/oauth/userinfo`, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    expect(userAfter.status).toBe(401);
  });

  it("a public client made here (no secret) works with PKCE alone, and an app-scheme redirect gets the code", async () => {
    const created = await admin().oauth.createClient({ client_name: "Phone app", redirect_uris: ["com.example.notes://callback"], token_endpoint_auth_method: "none" });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ client_type: "public", token_endpoint_auth_method: "none" });
    expect(Object.keys(created.data!)).not.toContain("client_secret");
    const config = await configured(created.data!.client_id, openid.None());
    const { redirect, verifier, state } = await codeFlow(config, "com.example.notes://callback");
    expect(`${redirect.protocol}//${redirect.host}${redirect.pathname}`).toBe("com.example.notes://callback");
    const tokens = await openid.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    expect(decodeJwt(tokens.access_token).client_id).toBe(created.data!.client_id);

    expect((await admin().oauth.regenerateClientSecret(created.data!.client_id)).error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Cannot regenerate secret for public client",
    });
  });

  it("answers not_admin to a person's own access token and to no key, writing nothing", async () => {
    const signedIn = new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
    const { data } = await signedIn.signUp({ email: uniqueEmail("not-admin"), password: "correct horse battery" });
    const token = data.session!.access_token;
    const before = await clientCount();
    const asPerson = authClient(token).admin.oauth;
    expect((await asPerson.createClient({ client_name: "Mine", redirect_uris: [REDIRECT] })).error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
    expect((await asPerson.listClients()).error).toMatchObject({ status: 403, code: "not_admin" });
    expect((await authClient(token).admin.mfa.listFactors({ userId: person.userId })).error).toMatchObject({ status: 403, code: "not_admin" });
    const noKey = await fetch(`${service.url}/auth/v1/admin/oauth/clients`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [REDIRECT] }) });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" });
    expect(await clientCount()).toBe(before);
  });

  it("refuses bad and hostile input in GoTrue's shape with no client written, never a 500", async () => {
    const before = await clientCount();
    const refusal = async (params: Record<string, unknown>) => (await admin().oauth.createClient(params as never)).error;
    expect(await refusal({ client_name: "Empty", redirect_uris: [] })).toMatchObject({ status: 400, code: "validation_failed", message: "redirect_uris is required" });
    expect(await refusal({ client_name: "Plain http", redirect_uris: ["http://example.com/cb"] })).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost",
    });
    expect(await refusal({ redirect_uris: ["https://example.com/cb#frag"] })).toMatchObject({ status: 400, message: "invalid redirect_uri 'https://example.com/cb#frag': fragment not allowed in redirect URI" });
    expect(await refusal({ redirect_uris: ["javascript://example.com/%0aalert(1)"] })).toMatchObject({ status: 400, code: "validation_failed" });
    expect(await refusal({ redirect_uris: [REDIRECT], grant_types: ["client_credentials"] })).toMatchObject({
      status: 400,
      message: "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    });
    expect(await refusal({ redirect_uris: [REDIRECT], client_type: "public", token_endpoint_auth_method: "client_secret_post" })).toMatchObject({ status: 400, code: "validation_failed" });
    expect(await refusal({ client_name: "nul\u0000name", redirect_uris: [REDIRECT] })).toMatchObject({ status: 400, code: "validation_failed", message: "client_name contains characters that are not allowed" });
    expect(await refusal({ client_name: "Surrogate", redirect_uris: [`https://example.com/\uD800`] })).toMatchObject({ status: 400, code: "validation_failed", message: "redirect_uris contains characters that are not allowed" });
    expect(await refusal({ client_name: "x".repeat(1025), redirect_uris: [REDIRECT] })).toMatchObject({ status: 400, message: "client_name cannot exceed 1024 characters" });
    expect(await refusal({ client_name: "x".repeat(1024 * 1024), redirect_uris: [REDIRECT] })).toMatchObject({ status: 413, code: "request_too_large" });
    expect(await refusal({ client_name: { nested: true }, redirect_uris: [REDIRECT] })).toMatchObject({ status: 400, message: "client_name must be a string" });
    expect(await clientCount()).toBe(before);

    const { data } = await admin().oauth.createClient({ client_name: "Kept", redirect_uris: [REDIRECT] });
    const id = data!.client_id;
    expect((await admin().oauth.updateClient(id, {})).error).toMatchObject({ status: 400, code: "validation_failed", message: "No fields provided for update" });
    expect((await admin().oauth.updateClient(id, { client_name: "bad\u0000" })).error).toMatchObject({ status: 400, code: "validation_failed" });
    expect((await admin().oauth.updateClient(id, { redirect_uris: [] })).error).toMatchObject({ status: 400, message: "redirect_uris cannot be empty" });
    expect((await admin().oauth.updateClient(id, { token_endpoint_auth_method: "none" })).error).toMatchObject({
      status: 400,
      message: "token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]",
    });
    expect((await admin().oauth.getClient(id)).data).toMatchObject({ client_name: "Kept", redirect_uris: [REDIRECT] });
    for (const hostile of ["%00", "%ED%A0%80", "x".repeat(5000)]) {
      const response = await fetch(`${service.url}/auth/v1/admin/oauth/clients/${hostile}`, { headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 404, error_code: "oauth_client_not_found", msg: "OAuth client not found" });
    }
    const badPage = await fetch(`${service.url}/auth/v1/admin/oauth/clients?page=-1`, { headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    expect(badPage.status).toBe(400);
    expect((await badPage.json()).error_code).toBe("validation_failed");
  });
});
