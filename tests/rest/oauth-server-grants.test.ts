import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signUp, type TestUser } from "../support/http";
import { CookieJar, approveInBrowser, decideConsent, hop, openConsent } from "../support/oauth-client";
import { authorize as authorizeThrough, insecure, oauthServerSuite, REDIRECT, registeredClient as registeredClientOf } from "../support/oauth-server-suite";
import type { RunningService } from "../support/service";

/**
 * The OAuth 2.1 authorization server driven by openid-client (as oauth-server.test.ts): the
 * grants a person sees and revokes, the device flow (RFC 8628), client ID metadata documents,
 * confidential clients, and a grant ending with its session.
 */

const suite = oauthServerSuite("oauth-server-grants");
let service: RunningService;
let person: TestUser;
let issuer: string;
let tenantId: string;
beforeAll(() => ({ service, person, issuer, tenantId } = suite));
const registeredClient = (metadata?: Record<string, unknown>) => registeredClientOf(suite, metadata);
const authorize = (config: client.Configuration, parameters?: Record<string, string>) => authorizeThrough(suite, config, parameters);

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
