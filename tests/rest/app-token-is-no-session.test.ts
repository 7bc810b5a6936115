import { decodeJwt, decodeProtectedHeader } from "jose";
import * as client from "openid-client";
import { beforeAll, describe, expect, it } from "vitest";
import { answerDeviceCode } from "../support/device-approval";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { approveInBrowser, pkceAuthorization } from "../support/oauth-client";
import { trpc } from "../support/trpc";
import { sharedService } from "../support/shared-service";

/**
 * Issue 27, finding 1, tried as the intruder did: an app anyone can register (dynamic
 * registration, named like our CLI) that a person approves for `openid` alone gets an access
 * token through each grant (code, refresh, device). That token must never act as the person's
 * own session: not in the `svc_session` cookie, not on GoTrue's account endpoints. It still
 * works where it is meant to: userinfo and the balance endpoints (SPEC 5).
 */

const service = sharedService();
let person: TestUser;
let issuer: string;
let appId: string;
const REDIRECT = "http://127.0.0.1:8766/callback";
const DEVICE = "urn:ietf:params:oauth:grant-type:device_code";
const insecure = { execute: [client.allowInsecureRequests] };

/** The token of each grant an approved app can hold. */
const tokens: Record<"code" | "refresh" | "device", { access: string; refresh: string }> = {} as never;
/** The ID token of the code grant: signed by the same key, for the app (`aud` its client id). */
let idToken: string;

beforeAll(async () => {
  issuer = `${service.url}/auth/v1`;
  person = await signUp(service);
  await createTenant(service, person, uniqueSlug("apptok"));
  appId = (await trpc(service, person, "apps.create", { name: "Reports" })).data.id;

  const config = await client.dynamicClientRegistration(
    new URL(issuer),
    { client_name: "svc CLI", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token", DEVICE] },
    client.None(),
    insecure,
  );

  const { url, verifier, state } = await pkceAuthorization(config, { redirect_uri: REDIRECT, scope: "openid" });
  const { redirect } = await approveInBrowser(service, person.cookie, url.href);
  const code = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
  tokens.code = { access: code.access_token, refresh: code.refresh_token! };
  idToken = code.id_token!;

  const refreshed = await client.refreshTokenGrant(config, code.refresh_token!);
  tokens.refresh = { access: refreshed.access_token, refresh: refreshed.refresh_token! };

  // The device grant needs no redirect URI: the person only has to open a link.
  const started = await client.initiateDeviceAuthorization(config, { scope: "openid" });
  const { last } = await answerDeviceCode(service, person.cookie, started.verification_uri_complete!, "approve");
  expect(last.text).toContain("Device connected");
  const polled = await fetch(`${issuer}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: DEVICE, device_code: started.device_code, client_id: config.clientMetadata().client_id }),
  });
  const device = (await polled.json()) as { access_token: string; refresh_token: string };
  expect(polled.status).toBe(200);
  tokens.device = { access: device.access_token, refresh: device.refresh_token };
});

const GRANTS = ["code", "refresh", "device"] as const;
const BAD_JWT = { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature, token has invalid claims" };

describe.each(GRANTS)("an app's access token from the %s grant", (grant) => {
  const bearer = () => ({ authorization: `Bearer ${tokens[grant].access}` });
  const asCookie = () => `svc_session=${tokens[grant].access}~${tokens[grant].refresh}`;

  it("is an RFC 9068 access token naming its app, for the person", () => {
    const token = tokens[grant].access;
    expect(decodeProtectedHeader(token).typ).toBe("at+jwt");
    expect(decodeJwt(token)).toMatchObject({ sub: person.userId, aud: "authenticated" });
    expect(decodeJwt(token).client_id).toBeTruthy();
    // Approved for `openid` alone: the token does not carry the person's address.
    expect(decodeJwt(token).email).toBeUndefined();
  });

  it("is no session in the session cookie: the session check is signed out and account writes are 401", async () => {
    const me = await api(service, "/api/auth/me", { cookie: asCookie() });
    expect(me.body).toEqual({ loggedIn: false, userId: null, email: null });
    const user = await api(service, "/api/user/me", { cookie: asCookie() });
    expect([user.status, user.body]).toEqual([401, { message: "Unauthorized" }]);
    const key = await api(service, "/api/keys", { method: "POST", cookie: asCookie(), json: { appId, name: "stolen" }, headers: { origin: service.url } });
    expect([key.status, key.body]).toEqual([401, { message: "Unauthorized" }]);
    const keys = await service.db.query("select count(*)::int as n from app_keys where app_id = $1", [appId]);
    expect(keys.rows[0].n).toBe(0);
  });

  it("is refused by every GoTrue endpoint that acts on the account, with GoTrue's bad_jwt", async () => {
    const calls = [
      api(service, "/auth/v1/user", { headers: bearer() }),
      api(service, "/auth/v1/user", { method: "PUT", headers: bearer(), json: { password: "taken over by an app" } }),
      api(service, "/auth/v1/user", { method: "PUT", headers: bearer(), json: { email: "attacker@example.com" } }),
      api(service, "/auth/v1/factors", { method: "POST", headers: bearer(), json: { factor_type: "totp" } }),
      api(service, "/auth/v1/reauthenticate", { headers: bearer() }),
      api(service, "/auth/v1/logout?scope=others", { method: "POST", headers: bearer() }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body]).toEqual([403, BAD_JWT]);
    // Nothing changed: the password still signs in, no factor was enrolled, the address is the person's.
    const rows = await service.db.query("select email, (select count(*)::int from auth_mfa_factors f where f.user_id = u.id) as factors from auth_users u where id = $1", [person.userId]);
    expect(rows.rows).toEqual([{ email: person.email, factors: 0 }]);
    const signIn = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: person.password } });
    expect(signIn.status).toBe(200);
    expect((await api(service, "/api/auth/me", { cookie: person.cookie })).body.loggedIn).toBe(true);
  });

  it("still works where it is meant to: userinfo and the balance endpoints", async () => {
    const userinfo = await api(service, "/auth/v1/oauth/userinfo", { headers: bearer() });
    expect([userinfo.status, userinfo.body.sub]).toEqual([200, person.userId]);
    for (const path of ["/api/v1/balance", "/api/billing/balance"]) expect((await api(service, path, { headers: bearer() })).status).toBe(200);
  });
});

it("the app's ID token is no session either, nor a balance token", async () => {
  expect(decodeJwt(idToken).aud).not.toBe("authenticated");
  expect((await api(service, "/api/auth/me", { cookie: `svc_session=${idToken}~${tokens.code.refresh}` })).body.loggedIn).toBe(false);
  const user = await api(service, "/auth/v1/user", { headers: { authorization: `Bearer ${idToken}` } });
  expect([user.status, user.body.error_code]).toEqual([403, "bad_jwt"]);
  expect((await api(service, "/api/v1/balance", { headers: { authorization: `Bearer ${idToken}` } })).status).toBe(401);
});

it("a dashboard session's own token still works on GoTrue's account endpoints", async () => {
  const signIn = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: person.password } });
  expect(decodeProtectedHeader(signIn.body.access_token).typ).toBe("JWT");
  const user = await api(service, "/auth/v1/user", { headers: { authorization: `Bearer ${signIn.body.access_token}` } });
  expect([user.status, user.body.id]).toEqual([200, person.userId]);
});
