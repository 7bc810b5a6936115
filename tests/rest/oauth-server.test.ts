import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { CookieJar, approveInBrowser, decideConsent, hop, openConsent } from "../support/oauth-client";
import { startService, type RunningService } from "../support/service";

/**
 * The OAuth 2.1 authorization server (issue 15 section 1) driven by openid-client, an
 * unmodified certified client nobody here wrote: discovery, registration, code + PKCE,
 * refresh rotation and reuse detection, revocation, userinfo.
 */

let service: RunningService;
let person: TestUser;
let issuer: string;
let tenantId: string;
const REDIRECT = "http://127.0.0.1:8765/callback";

beforeAll(async () => {
  // Device codes are polled at one-second intervals, so the device flow test waits 1 s for its token, not 5.
  // The device page's per-address limit at its default (the test services lift it: every client is 127.0.0.1).
  service = await startService({ label: "oauth-server", env: { DEVICE_POLL_INTERVAL_SECONDS: "1", DEVICE_CODE_ENTRY_RATE_LIMIT_PER_ADDRESS: "30" } });
  issuer = `${service.url}/auth/v1`;
  person = await signUp(service);
  tenantId = (await createTenant(service, person, uniqueSlug("oauth"))).id;
});
afterAll(async () => {
  await service?.stop();
});

const insecure = { execute: [client.allowInsecureRequests] };

async function registeredClient(metadata: Record<string, unknown> = {}) {
  return client.dynamicClientRegistration(
    new URL(issuer),
    { client_name: "Notes app", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], ...metadata },
    client.None(),
    insecure,
  );
}

/** Code + PKCE through the consent page, as a signed-in person's browser would. */
async function authorize(config: client.Configuration, parameters: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...parameters,
  });
  const { redirect, consentHtml } = await approveInBrowser(service, person.cookie, url.href);
  return { redirect, consentHtml, verifier, state };
}

describe("metadata", () => {
  const FIELDS = [
    "authorization_endpoint",
    "authorization_response_iss_parameter_supported",
    "client_id_metadata_document_supported",
    "code_challenge_methods_supported",
    "device_authorization_endpoint",
    "grant_types_supported",
    "id_token_signing_alg_values_supported",
    "introspection_endpoint",
    "issuer",
    "jwks_uri",
    "registration_endpoint",
    "response_types_supported",
    "revocation_endpoint",
    "scopes_supported",
    "subject_types_supported",
    "token_endpoint",
    "token_endpoint_auth_methods_supported",
    "userinfo_endpoint",
  ];

  it("answers the same document, with exactly the issue's fields and the two OpenID discovery requires, at the three addresses", async () => {
    const paths = ["/.well-known/oauth-authorization-server/auth/v1", "/auth/v1/.well-known/oauth-authorization-server", "/auth/v1/.well-known/openid-configuration"];
    const bodies = await Promise.all(paths.map((path) => api(service, path)));
    for (const res of bodies) expect(res.status).toBe(200);
    const [first] = bodies;
    expect(Object.keys(first!.body).sort()).toEqual(FIELDS);
    for (const res of bodies) expect(res.body).toEqual(first!.body);
    expect(first!.body).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      authorization_response_iss_parameter_supported: true,
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["ES256"],
    });
  });

  it("is what openid-client discovers, in both the OpenID and the RFC 8414 form", async () => {
    const oidc = await client.discovery(new URL(issuer), "unused", undefined, client.None(), insecure);
    expect(oidc.serverMetadata().issuer).toBe(issuer);
    const oauth2 = await client.discovery(new URL(issuer), "unused", undefined, client.None(), { ...insecure, algorithm: "oauth2" });
    expect(oauth2.serverMetadata().token_endpoint).toBe(`${issuer}/oauth/token`);
  });
});

describe("code + PKCE with a dynamically registered public client", () => {
  it("signs in through the consent page and redirects with code, state and iss", async () => {
    const config = await registeredClient();
    const { redirect, consentHtml, state, verifier } = await authorize(config, { scope: "openid email profile" });
    expect(consentHtml).toContain("Notes app");
    expect(consentHtml).toContain("Unverified application");
    expect(consentHtml).toContain("See your email address");
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("state")).toBe(state);
    expect(redirect.searchParams.get("iss")).toBe(issuer);
    expect(redirect.searchParams.get("code")).toBeTruthy();

    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.token_type.toLowerCase()).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens.access_token);
    expect(decodeProtectedHeader(tokens.access_token).alg).toBe("ES256");
    expect(claims).toMatchObject({ iss: issuer, sub: person.userId, aud: "authenticated", client_id: config.clientMetadata().client_id, email: person.email });
    expect(String(claims.scope).split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(claims.exp! - claims.iat!).toBe(3600);
    // The grant owns one auth_sessions row, whose id every token carries.
    const rows = await service.db.query("select user_id, oauth_client_id, revoked_at from auth_sessions where id = $1", [claims.session_id]);
    expect(rows.rows).toEqual([{ user_id: person.userId, oauth_client_id: config.clientMetadata().client_id, revoked_at: null }]);
  });

  it("refuses an authorization without PKCE, at the client's redirect", async () => {
    const config = await registeredClient();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid", state: "s1" });
    const res = await fetch(url, { redirect: "manual", headers: { cookie: person.cookie } });
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("s1");
  });

  it("shows a page, never a redirect, for a redirect URI the client did not register", async () => {
    const config = await registeredClient();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: "https://evil.example/cb", scope: "openid", code_challenge: "x".repeat(43), code_challenge_method: "S256" });
    const res = await fetch(url, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("Authorization failed");
  });

  it("lets a loopback redirect vary its port (RFC 8252)", async () => {
    const config = await registeredClient();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: "http://127.0.0.1:9999/callback", scope: "openid", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
    const { redirect } = await approveInBrowser(service, person.cookie, url.href);
    expect(redirect.host).toBe("127.0.0.1:9999");
    expect(redirect.searchParams.get("code")).toBeTruthy();
  });

  it("sends a signed-out person through /login and back to the authorization", async () => {
    const config = await registeredClient();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid", code_challenge: "x".repeat(43), code_challenge_method: "S256" });
    const first = await fetch(url, { redirect: "manual" });
    const interaction = new URL(first.headers.get("location")!, service.url);
    expect(interaction.pathname).toMatch(/^\/auth\/v1\/oauth\/interaction\/[A-Za-z0-9_-]+$/);
    const toLogin = await fetch(interaction, { redirect: "manual" });
    expect(toLogin.status).toBe(303);
    expect(toLogin.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(interaction.pathname)}`);
  });

  it("answers Deny with access_denied at the client", async () => {
    const config = await registeredClient();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid", state: "s2", code_challenge: "x".repeat(43), code_challenge_method: "S256" });
    const { redirect } = await approveInBrowser(service, person.cookie, url.href, "deny");
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(redirect.searchParams.get("state")).toBe("s2");
  });
});

describe("tokens", () => {
  async function freshTokens() {
    const config = await registeredClient();
    const { redirect, state, verifier } = await authorize(config, { scope: "openid email" });
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    return { config, tokens, redirect, verifier };
  }

  it("rotates the refresh token on every use, and a reused one revokes the whole family", async () => {
    const { config, tokens } = await freshTokens();
    const second = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    // The reuse ended the grant: the newest refresh token and the access tokens stop too.
    await expect(client.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    const sessionId = decodeJwt(second.access_token).session_id;
    const rows = await service.db.query("select revoked_at is not null as revoked from auth_sessions where id = $1", [sessionId]);
    expect(rows.rows).toEqual([{ revoked: true }]);
    await expect(client.fetchUserInfo(config, second.access_token, client.skipSubjectCheck)).rejects.toBeTruthy();
  });

  it("stores refresh tokens hashed", async () => {
    const { tokens } = await freshTokens();
    const rows = await service.db.query("select count(*)::int as n from oauth_records where id = $1 or payload::text like $2", [tokens.refresh_token, `%${tokens.refresh_token}%`]);
    expect(rows.rows[0].n).toBe(0);
  });

  it("refuses a replayed code and revokes what was issued with it", async () => {
    const { config, tokens, redirect, verifier } = await freshTokens();
    await expect(client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: redirect.searchParams.get("state")! })).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  // Issue 27: an intruder holding a code or a refresh token spends it eight times at once.
  const tokenRequest = (fields: Record<string, string>) =>
    fetch(`${issuer}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  const INVALID_GRANT = { error: "invalid_grant", error_description: "grant request is invalid" };
  async function inParallel(times: number, send: () => Promise<Response>) {
    return Promise.all(Array.from({ length: times }, async () => {
      const response = await send();
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    }));
  }
  /** The winner's tokens after the losers' reuse: its refresh token refused, its session row revoked, its access token refused. */
  async function expectGrantEnded(config: client.Configuration, winner: Record<string, string>) {
    await expect(client.refreshTokenGrant(config, winner.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    const rows = await service.db.query("select revoked_at is not null as revoked from auth_sessions where id = $1", [decodeJwt(winner.access_token!).session_id]);
    expect(rows.rows).toEqual([{ revoked: true }]);
    await expect(client.fetchUserInfo(config, winner.access_token!, client.skipSubjectCheck)).rejects.toBeTruthy();
  }

  // Three rounds each: before the fix one round in four or five happened to serialize.
  it("lets one of eight parallel redemptions of a code win, and the others' reuse ends the grant", async () => {
    for (let round = 0; round < 3; round++) {
      const config = await registeredClient();
      const { redirect, verifier } = await authorize(config, { scope: "openid email" });
      const answers = await inParallel(8, () =>
        tokenRequest({ grant_type: "authorization_code", code: redirect.searchParams.get("code")!, redirect_uri: REDIRECT, client_id: config.clientMetadata().client_id, code_verifier: verifier }),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners).toHaveLength(1);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual(Array.from({ length: 7 }, () => ({ status: 400, body: INVALID_GRANT })));
      await expectGrantEnded(config, winners[0]!.body);
    }
  });

  it("lets one of eight parallel refreshes of a refresh token win, and the others' reuse ends the grant", async () => {
    for (let round = 0; round < 3; round++) {
      const { config, tokens } = await freshTokens();
      const answers = await inParallel(8, () => tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: config.clientMetadata().client_id }));
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners).toHaveLength(1);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual(Array.from({ length: 7 }, () => ({ status: 400, body: INVALID_GRANT })));
      await expectGrantEnded(config, winners[0]!.body);
    }
  });

  it("lets one of two approvals that share a pushed request's request_uri issue a code; the other is told invalid_request_uri", async () => {
    const config = await registeredClient();
    const clientId = config.clientMetadata().client_id;
    const verifier = client.randomPKCECodeVerifier();
    const pushed = await fetch(`${issuer}/oauth/par`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: clientId, response_type: "code", redirect_uri: REDIRECT, code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", scope: "openid" }),
    });
    expect(pushed.status).toBe(201);
    const { request_uri: requestUri } = (await pushed.json()) as { request_uri: string };
    // Two consent pages opened from the one request_uri, approved at the same moment.
    const authorizeUrl = `${issuer}/oauth/authorize?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(requestUri)}`;
    const first = await openConsent(service, person.cookie, authorizeUrl);
    const second = await openConsent(service, person.cookie, authorizeUrl);
    const redirects = await Promise.all([decideConsent(service, first.jar, first.uid), decideConsent(service, second.jar, second.uid)]);
    const codes = redirects.filter((redirect) => redirect.searchParams.has("code"));
    expect(codes).toHaveLength(1);
    const refused = redirects.find((redirect) => !redirect.searchParams.has("code"))!;
    expect([refused.searchParams.get("error"), refused.searchParams.get("error_description")]).toEqual(["invalid_request_uri", "request_uri is invalid, expired, or was already used"]);
  });

  it("answers userinfo by scope", async () => {
    const { config, tokens } = await freshTokens();
    const info = await client.fetchUserInfo(config, tokens.access_token, person.userId);
    expect(info).toEqual({ sub: person.userId, email: person.email });
  });

  it("introspects and revokes its own JWT access tokens", async () => {
    const { config, tokens } = await freshTokens();
    const active = await client.tokenIntrospection(config, tokens.access_token);
    expect(active).toMatchObject({ active: true, sub: person.userId, aud: "authenticated", client_id: config.clientMetadata().client_id, token_type: "Bearer" });
    await client.tokenRevocation(config, tokens.access_token);
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("answers another client's tokens and dashboard session tokens { active: false } to a confidential client (issue 27)", async () => {
    const confidential = async (name: string) => {
      const registered = await client.dynamicClientRegistration(new URL(issuer), { client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_basic", grant_types: ["authorization_code", "refresh_token"] }, undefined, insecure);
      const { client_id: id, client_secret: secret } = registered.clientMetadata() as { client_id: string; client_secret: string };
      const config = new client.Configuration(registered.serverMetadata(), id, undefined, client.ClientSecretBasic(secret));
      client.allowInsecureRequests(config);
      return config;
    };
    const a = await confidential("Client A");
    const b = await confidential("Client B");
    const { redirect, state, verifier } = await authorize(a, { scope: "openid email" });
    const tokens = await client.authorizationCodeGrant(a, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    const dashboardToken = person.cookie.slice("svc_session=".length).split("~")[0]!;

    expect(await client.tokenIntrospection(b, tokens.access_token)).toEqual({ active: false });
    expect(await client.tokenIntrospection(b, tokens.refresh_token!)).toEqual({ active: false });
    expect(await client.tokenIntrospection(a, dashboardToken)).toEqual({ active: false });
    expect(await client.tokenIntrospection(b, dashboardToken)).toEqual({ active: false });
    expect(await client.tokenIntrospection(a, tokens.access_token)).toMatchObject({ active: true, sub: person.userId, client_id: a.clientMetadata().client_id });
    expect(await client.tokenIntrospection(a, tokens.refresh_token!)).toMatchObject({ active: true, client_id: a.clientMetadata().client_id });
    // B cannot end A's grant either.
    await client.tokenRevocation(b, tokens.access_token).catch(() => undefined);
    expect(await client.tokenIntrospection(a, tokens.access_token)).toMatchObject({ active: true });
  });

  it("revokes a refresh token, and the grant with it", async () => {
    const { config, tokens } = await freshTokens();
    await client.tokenRevocation(config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("answers RFC 6749 errors with Cache-Control: no-store, for form and JSON bodies", async () => {
    const config = await registeredClient();
    const clientId = config.clientMetadata().client_id;
    const form = await fetch(`${issuer}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "authorization_code", code: "nope", client_id: clientId, redirect_uri: REDIRECT, code_verifier: "x".repeat(43) }) });
    expect(form.status).toBe(400);
    expect(form.headers.get("cache-control")).toBe("no-store");
    expect(await form.json()).toEqual({ error: "invalid_grant", error_description: "grant request is invalid" });
    const json = await fetch(`${issuer}/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ grant_type: "refresh_token", refresh_token: "nope", client_id: clientId }) });
    expect(json.status).toBe(400);
    expect(json.headers.get("cache-control")).toBe("no-store");
    expect(await json.json()).toEqual({ error: "invalid_grant", error_description: "grant request is invalid" });
  });
});

describe("hostile input", () => {
  it("refuses NUL, lone surrogates and 1 MB values with a 400 or 413, never a 500", async () => {
    const register = (body: string) => fetch(`${issuer}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const nul = await register(JSON.stringify({ redirect_uris: [REDIRECT], client_name: "a\u0000b", token_endpoint_auth_method: "none" }));
    expect(nul.status).toBe(400);
    // RFC 7591's answer for a bad name (issue 27); the request-level refusal below is for other endpoints.
    expect(await nul.json()).toEqual({ error: "invalid_client_metadata", error_description: "client_name contains characters that are not allowed" });
    const surrogate = await register(`{"redirect_uris":["${REDIRECT}"],"client_name":"a\\ud800b","token_endpoint_auth_method":"none"}`);
    expect(surrogate.status).toBe(400);
    const huge = await register(JSON.stringify({ redirect_uris: [REDIRECT], client_name: "x".repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "invalid_request", error_description: "The request body is larger than 56 KB" });
    const token = await fetch(`${issuer}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=refresh_token&refresh_token=a%00b&client_id=x" });
    expect(token.status).toBe(400);
    const authorize = await fetch(`${issuer}/oauth/authorize?client_id=a%00b&response_type=code`, { redirect: "manual" });
    expect(authorize.status).toBe(400);
    expect(authorize.headers.get("content-type")).toContain("text/html");
    const count = await service.db.query("select count(*)::int as n from oauth_records where kind = 'Client' and payload->>'client_name' like 'a%b'");
    expect(count.rows[0].n).toBe(0);
  });
});

describe("authorized applications", () => {
  const profileData = async () => (await fetch(`${service.url}/profile?_data=routes%2Fprofile`, { headers: { cookie: person.cookie } })).json();
  const revokeOnProfile = (grantId: string) =>
    fetch(`${service.url}/profile?_data=routes%2Fprofile`, {
      method: "POST",
      headers: { cookie: person.cookie, origin: service.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "revokeGrant", grantId }),
    });
  const balance = (token: string, path: string) => api(service, path, { headers: { authorization: `Bearer ${token}` } });

  it("lists a grant on the profile page, and Revoke stops its tokens at the balance endpoints within a second", async () => {
    const config = await registeredClient({ client_name: "Ledger reader" });
    const { redirect, state, verifier } = await authorize(config, { scope: "openid email" });
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    const grantId = String(decodeJwt(tokens.access_token).session_id);

    // SPEC 5: an access token with aud "authenticated" is an identity token; the tenant comes from sub.
    for (const path of ["/api/v1/balance", "/api/billing/balance"]) {
      const res = await balance(tokens.access_token, path);
      expect([res.status, res.body.tenantId]).toEqual([200, tenantId]);
    }

    const listed = (await profileData()).applications as Array<Record<string, unknown>>;
    expect(listed.find((app) => app.grantId === grantId)).toMatchObject({ clientName: "Ledger reader", clientId: config.clientMetadata().client_id, resources: [] });
    expect((listed.find((app) => app.grantId === grantId)!.scopes as string[]).sort()).toEqual(["email", "openid"]);

    const revoked = await revokeOnProfile(grantId);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ intent: "revokeGrant", ok: true });
    const startedAt = Date.now();
    // The token used before (cached) and one never used (checked afresh) are both refused.
    for (const token of [tokens.access_token, refreshed.access_token]) {
      let status = 200;
      while (status === 200 && Date.now() - startedAt < 1000) status = (await balance(token, "/api/v1/balance")).status;
      expect(status).toBe(401);
    }
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    expect(((await profileData()).applications as Array<{ grantId: string }>).some((app) => app.grantId === grantId)).toBe(false);
  });

  it("refuses to revoke another person's grant or a malformed id, changing nothing", async () => {
    const config = await registeredClient();
    const { redirect, state, verifier } = await authorize(config, { scope: "openid" });
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    const grantId = String(decodeJwt(tokens.access_token).session_id);
    const stranger = await signUp(service);
    const res = await fetch(`${service.url}/profile?_data=routes%2Fprofile`, {
      method: "POST",
      headers: { cookie: stranger.cookie, origin: service.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "revokeGrant", grantId }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ intent: "revokeGrant", ok: false, formError: "Authorized application not found" });
    for (const bad of ["a\u0000b", "x".repeat(100_000), "\ud800"]) {
      const malformed = await revokeOnProfile(bad);
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ intent: "revokeGrant", ok: false, formError: "Authorized application not found" });
    }
    const rows = await service.db.query("select revoked_at from auth_sessions where id = $1", [grantId]);
    expect(rows.rows).toEqual([{ revoked_at: null }]);
  });
});

describe("device authorization (RFC 8628)", () => {
  const DEVICE = "urn:ietf:params:oauth:grant-type:device_code";
  const hiddenInputs = (html: string) => {
    const form = new URLSearchParams();
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) form.set(match[1]!, match[2]!.replace(/&#x2D;|&#45;/g, "-"));
    return form;
  };
  const poll = (clientId: string, deviceCode: string) =>
    fetch(`${issuer}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: DEVICE, device_code: deviceCode, client_id: clientId }) });

  it("answers user code guesses past 30 from one address with the device page's 429 (RFC 8628 5.1, issue 27)", async () => {
    // The intruder: forty device pages (each form's token is good for one guess), then forty guesses posted at once.
    const pages = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const jar = new CookieJar();
        const entry = await hop(jar, `${issuer}/oauth/device`);
        expect(entry.status).toBe(200);
        return { jar, form: hiddenInputs(entry.text) };
      }),
    );
    const letters = "BCDFGHJKLMNPQRSTVWXZ";
    const guesses = await Promise.all(
      pages.map(({ jar, form }, i) => {
        form.set("user_code", `BCDF-${letters[i % 20]}${letters[Math.floor(i / 20)]}GH`);
        return hop(jar, `${issuer}/oauth/device`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
      }),
    );
    const limited = guesses.filter((guess) => guess.status === 429);
    expect(limited).toHaveLength(10);
    const looked = guesses.filter((guess) => guess.status !== 429).map((guess) => /<p class="error" role="alert">([^<]*)/.exec(guess.text)?.[1]);
    expect(looked).toEqual(Array.from({ length: 30 }, () => "That code is not right, or it has expired. Try again."));
    expect(limited[0]!.text).toContain("Too many codes tried from this address. Try again in 15 minutes.");
    expect(limited.every((guess) => guess.text === limited[0]!.text)).toBe(true);
    // The limit is the address's: the later device flow here starts afresh.
    await service.db.query("delete from rate_limit_counters where key like 'device-code-entry-address:%'");
  });

  it("gives a user code at {BASE_URL}/device, answers pending then slow_down, and tokens once approved on the same consent page", async () => {
    const config = await registeredClient({ client_name: "Terminal", grant_types: ["authorization_code", "refresh_token", DEVICE] });
    const clientId = config.clientMetadata().client_id;
    const started = await client.initiateDeviceAuthorization(config, { scope: "openid email" });
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri).toBe(`${service.url}/device`);
    expect(started.verification_uri_complete).toBe(`${service.url}/device?user_code=${encodeURIComponent(started.user_code)}`);
    expect(started.interval).toBe(1); // DEVICE_POLL_INTERVAL_SECONDS (5 unless set: tests/unit/device-poll-interval.test.ts)

    const pending = await poll(clientId, started.device_code);
    expect([pending.status, (await pending.json()).error]).toEqual([400, "authorization_pending"]);
    const tooSoon = await poll(clientId, started.device_code);
    expect(await tooSoon.json()).toEqual({ error: "slow_down", error_description: "Poll at most every second" });

    // The person opens the link, confirms the code, and approves on the consent page.
    const jar = new CookieJar(person.cookie);
    const toEntry = await hop(jar, started.verification_uri_complete!);
    expect(toEntry.location).toBe(`/auth/v1/oauth/device?user_code=${encodeURIComponent(started.user_code)}`);
    const autoPost = await hop(jar, `${service.url}${toEntry.location}`);
    const confirmPage = await hop(jar, `${issuer}/oauth/device`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: hiddenInputs(autoPost.text) });
    expect(confirmPage.text).toContain(started.user_code);
    let step = await hop(jar, `${issuer}/oauth/device`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: hiddenInputs(confirmPage.text) });
    let consentHtml = "";
    while (step.status === 303 || step.status === 302) {
      const next = new URL(step.location!, step.url);
      const consent = /^\/oauth\/consent\/([^/]+)$/.exec(next.pathname);
      if (consent) {
        consentHtml = (await hop(jar, next.href)).text;
        step = await hop(jar, `${issuer}/oauth/interaction/${consent[1]}/approve`, { method: "POST", headers: { origin: service.url } });
      } else step = await hop(jar, next.href);
    }
    expect(consentHtml).toContain("Terminal");
    expect(step.status).toBe(200);
    expect(step.text).toContain("Device connected");

    let answer = await poll(clientId, started.device_code);
    let body = (await answer.json()) as Record<string, unknown>;
    while (body.error === "slow_down") {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await poll(clientId, started.device_code);
      body = (await answer.json()) as Record<string, unknown>;
    }
    expect(answer.status).toBe(200);
    expect(decodeJwt(String(body.access_token))).toMatchObject({ sub: person.userId, client_id: clientId, aud: "authenticated" });
    expect(body.refresh_token).toBeTruthy();
  });
});

describe("client ID metadata documents", () => {
  let documents: Server;
  let origin: string;
  let fetched = 0;
  const served = new Map<string, { body: string; headers?: Record<string, string> }>();

  beforeAll(async () => {
    // The client's own web server, publishing its metadata documents.
    documents = createServer((req, res) => {
      fetched++;
      const doc = served.get(req.url!);
      if (!doc) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json", ...doc.headers }).end(doc.body);
    });
    await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  });
  afterAll(() => documents?.close());

  const authorizeAs = (clientId: string, redirectUri = REDIRECT) =>
    `${issuer}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "openid", state: "cimd", code_challenge: "x".repeat(43), code_challenge_method: "S256" })}`;

  it("takes a loopback document whose client_id is its URL, caches it per its headers, and names the client on the consent page", async () => {
    const clientId = `${origin}/notes.json`;
    served.set("/notes.json", { body: JSON.stringify({ client_id: clientId, client_name: "Notes (CIMD)", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }), headers: { "cache-control": "max-age=600" } });
    const before = fetched;
    const { redirect, consentHtml } = await approveInBrowser(service, person.cookie, authorizeAs(clientId));
    expect(consentHtml).toContain("Notes (CIMD)");
    expect(consentHtml).toContain("Unverified application");
    expect(redirect.searchParams.get("code")).toBeTruthy();
    const again = await approveInBrowser(service, person.cookie, authorizeAs(clientId));
    expect(again.redirect.searchParams.get("code")).toBeTruthy();
    expect(fetched - before).toBe(1);
    const stored = await service.db.query("select expires_at > now() + interval '500 seconds' and expires_at < now() + interval '700 seconds' as within from oauth_records where kind = 'Client' and id = $1", [clientId]);
    expect(stored.rows).toEqual([{ within: true }]);
  });

  it("fetches a loopback document again at Approve when its copy lapsed while the person read the consent page", async () => {
    const clientId = `${origin}/lapsing.json`;
    served.set("/lapsing.json", { body: JSON.stringify({ client_id: clientId, client_name: "Lapsing notes", redirect_uris: [REDIRECT] }), headers: { "cache-control": "no-store" } });
    const { jar, uid, consentHtml } = await openConsent(service, person.cookie, authorizeAs(clientId));
    expect(consentHtml).toContain("Lapsing notes");
    const before = fetched;
    // The person took longer than the copy is kept: it is gone from the database.
    await service.db.query("update oauth_records set expires_at = now() - interval '1 second' where id = $1", [clientId]);
    const redirect = await decideConsent(service, jar, uid);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("code")).toBeTruthy();
    expect(fetched - before).toBe(1);
  });

  it("refuses, on a page, a document whose client_id is not its URL, one over 5 KB, and a redirect it does not list", async () => {
    served.set("/liar.json", { body: JSON.stringify({ client_id: `${origin}/other.json`, redirect_uris: [REDIRECT] }) });
    const liar = await fetch(authorizeAs(`${origin}/liar.json`), { redirect: "manual" });
    expect(liar.status).toBe(400);
    expect(liar.headers.get("location")).toBeNull();
    expect(await liar.text()).toContain("client_id is not its own URL");

    served.set("/big.json", { body: JSON.stringify({ client_id: `${origin}/big.json`, redirect_uris: [REDIRECT], client_name: "x".repeat(6000) }) });
    const big = await fetch(authorizeAs(`${origin}/big.json`), { redirect: "manual" });
    expect(big.status).toBe(400);
    expect(await big.text()).toContain("larger than 5 KB");

    const exact = `${origin}/exact.json`;
    served.set("/exact.json", { body: JSON.stringify({ client_id: exact, redirect_uris: [REDIRECT] }) });
    const elsewhere = await fetch(authorizeAs(exact, "https://evil.example/cb"), { redirect: "manual" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get("location")).toBeNull();
    const rows = await service.db.query("select id from oauth_records where kind = 'Client' and id in ($1, $2)", [`${origin}/liar.json`, `${origin}/big.json`]);
    expect(rows.rows).toEqual([]);
  });
});

describe("confidential clients", () => {
  it("keeps a registered client's secret hashed, and authenticates it with client_secret_basic", async () => {
    const registered = await client.dynamicClientRegistration(
      new URL(issuer),
      { client_name: "Server app", redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_basic", grant_types: ["authorization_code", "refresh_token"] },
      undefined,
      insecure,
    );
    const { client_id: clientId, client_secret: secret } = registered.clientMetadata() as { client_id: string; client_secret: string };
    expect(secret).toBeTruthy();
    const stored = await service.db.query("select payload->>'client_secret' as secret from oauth_records where kind = 'Client' and id = $1", [clientId]);
    expect(stored.rows[0].secret).not.toBe(secret);
    expect(stored.rows[0].secret).toMatch(/^sha256\$/);

    const config = new client.Configuration(registered.serverMetadata(), clientId, undefined, client.ClientSecretBasic(secret));
    client.allowInsecureRequests(config);
    const { redirect, state, verifier } = await authorize(config, { scope: "openid" });
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    expect(decodeJwt(tokens.access_token).client_id).toBe(clientId);

    const wrong = new client.Configuration(registered.serverMetadata(), clientId, undefined, client.ClientSecretBasic("not-the-secret"));
    client.allowInsecureRequests(wrong);
    await expect(client.refreshTokenGrant(wrong, tokens.refresh_token!)).rejects.toMatchObject({ status: 401 });
    expect((await client.refreshTokenGrant(config, tokens.refresh_token!)).access_token).toBeTruthy();
  });
});

describe("a grant follows its session row", () => {
  it("ends when the person signs out everywhere: the refresh token is refused", async () => {
    const someone = await signUp(service);
    const config = await registeredClient();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid", state: "g1", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
    const { redirect } = await approveInBrowser(service, someone.cookie, url.href);
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: "g1" });
    const sessionToken = someone.cookie.slice("svc_session=".length).split("~")[0]!;
    const signedOut = await fetch(`${service.url}/auth/v1/logout?scope=global`, { method: "POST", headers: { authorization: `Bearer ${sessionToken}`, apikey: "anon" } });
    expect(signedOut.status).toBe(204);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });
});
