import { decodeJwt, decodeProtectedHeader } from "jose";
import * as client from "openid-client";
import { beforeAll, describe, expect, it } from "vitest";
import { api, type TestUser } from "../support/http";
import { approveInBrowser, decideConsent, openConsent } from "../support/oauth-client";
import { authorize as authorizeThrough, insecure, oauthServerSuite, REDIRECT, registeredClient as registeredClientOf } from "../support/oauth-server-suite";
import type { RunningService } from "../support/service";

/**
 * The OAuth 2.1 authorization server (issue 15 section 1) driven by openid-client, an
 * unmodified certified client nobody here wrote: discovery, registration, code + PKCE,
 * refresh rotation and reuse detection, revocation, userinfo, hostile input. Grants, the device
 * flow, client metadata documents and confidential clients: oauth-server-grants.test.ts.
 */

const suite = oauthServerSuite("oauth-server");
let service: RunningService;
let person: TestUser;
let issuer: string;
beforeAll(() => ({ service, person, issuer } = suite));
const registeredClient = (metadata?: Record<string, unknown>) => registeredClientOf(suite, metadata);
const authorize = (config: client.Configuration, parameters?: Record<string, string>) => authorizeThrough(suite, config, parameters);

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
