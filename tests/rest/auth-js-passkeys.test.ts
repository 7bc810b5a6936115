import { randomBytes } from "node:crypto";
import { AuthClient } from "@supabase/auth-js";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { SoftwareAuthenticator } from "../support/software-authenticator";

/**
 * Issue 20, 2: passkeys through an unmodified `@supabase/auth-js` (its `passkey` and
 * `admin.passkey` namespaces), the browser's part played by a software authenticator that
 * signs with real keys. BASE_URL is http://127.0.0.1:port, so the relying party is `localhost`.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.cGFzc2tleS1hZG1pbg";
let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "auth-js-passkeys", env: { SERVICE_ROLE_KEY, INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString("base64"), WEBAUTHN_RP_ORIGINS: SPA_ORIGIN } });
}, 60_000);
afterAll(() => service?.stop());

const PASSWORD = "correct horse battery";
/** A single-page app on another port of the relying party's host, listed in WEBAUTHN_RP_ORIGINS. */
const SPA_ORIGIN = "http://localhost:5173";
const client = (key = "anon") =>
  new AuthClient({
    url: `${service.url}/auth/v1`,
    headers: key === "anon" ? { apikey: key } : { apikey: key, Authorization: `Bearer ${key}` },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
const browserOrigin = () => service.url.replace("127.0.0.1", "localhost");

async function signedUp() {
  const auth = client();
  const email = uniqueEmail("passkey");
  const { data, error } = await auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { auth, email, userId: data.user!.id };
}

/** A person with one passkey registered through auth-js's two-step API. */
async function withPasskey() {
  const person = await signedUp();
  const device = new SoftwareAuthenticator(browserOrigin());
  const options = await person.auth.passkey.startRegistration();
  expect(options.error).toBeNull();
  const registered = await person.auth.passkey.verifyRegistration({ challengeId: options.data!.challenge_id, credential: device.register(options.data!.options) as never });
  expect(registered.error).toBeNull();
  return { ...person, device, passkeyId: registered.data!.id };
}

async function signInWith(device: SoftwareAuthenticator, auth = client()) {
  const options = await auth.passkey.startAuthentication();
  expect(options.error).toBeNull();
  const credential = device.authenticate(options.data!.options);
  const result = await auth.passkey.verifyAuthentication({ challengeId: options.data!.challenge_id, credential: credential as never });
  return { auth, result, challengeId: options.data!.challenge_id, credential };
}

const post = (path: string, body: unknown) =>
  fetch(`${service.url}/auth/v1${path}`, { method: "POST", headers: { "content-type": "application/json", apikey: "anon" }, body: JSON.stringify(body) });
const sessionCount = async (userId: string) => (await service.db.query("select count(*)::int as n from auth_sessions where user_id = $1", [userId])).rows[0].n as number;

describe("auth-js passkey: registration", () => {
  it("registers a passkey for the signed-in person: listed by auth-js, one row stored, the challenge used up", async () => {
    const { auth, userId, device } = await withPasskey();
    const { data, error } = await auth.passkey.list();
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ friendly_name: "Passkey" });
    expect(data![0]).not.toHaveProperty("last_used_at");
    const rows = (await service.db.query("select credential_id, user_id from auth_passkeys where user_id = $1", [userId])).rows;
    expect(rows).toEqual([{ credential_id: device.credentials[0]!.id, user_id: userId }]);
    expect((await service.db.query("select count(*)::int as n from auth_passkey_challenges where user_id = $1", [userId])).rows[0].n).toBe(0);
  });

  it("offers creation options for a discoverable credential with user verification, relying party localhost, the account's passkeys excluded", async () => {
    const { auth, device } = await withPasskey();
    const { data } = await auth.passkey.startRegistration();
    expect(data!.options).toMatchObject({
      rp: { id: "localhost" },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      excludeCredentials: [{ id: device.credentials[0]!.id, type: "public-key" }],
    });
    expect(data!.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
  });

  it("accepts ceremonies from an origin WEBAUTHN_RP_ORIGINS lists, as GoTrue's rp_origins", async () => {
    const person = await signedUp();
    const spa = new SoftwareAuthenticator(SPA_ORIGIN);
    const options = await person.auth.passkey.startRegistration();
    const registered = await person.auth.passkey.verifyRegistration({ challengeId: options.data!.challenge_id, credential: spa.register(options.data!.options) as never });
    expect(registered.error).toBeNull();
    const { result } = await signInWith(spa);
    expect(result.error).toBeNull();
    expect(result.data!.user!.id).toBe(person.userId);
  });

  it("refuses the same authenticator twice, an attestation from another origin, and a used registration challenge", async () => {
    const { auth, userId, device } = await withPasskey();
    const again = await auth.passkey.startRegistration();
    const duplicate = device.register(again.data!.options, { reuse: device.credentials[0] });
    expect((await auth.passkey.verifyRegistration({ challengeId: again.data!.challenge_id, credential: duplicate as never })).error).toMatchObject({
      status: 422,
      code: "webauthn_credential_exists",
      message: "This credential is already registered",
    });

    const other = await auth.passkey.startRegistration();
    const elsewhere = device.register(other.data!.options, { origin: "https://evil.example" });
    expect((await auth.passkey.verifyRegistration({ challengeId: other.data!.challenge_id, credential: elsewhere as never })).error).toMatchObject({
      status: 400,
      code: "webauthn_verification_failed",
      message: "Credential verification failed",
    });
    // That verify used the challenge up: the right answer to it now finds nothing.
    const late = device.register(other.data!.options);
    expect((await auth.passkey.verifyRegistration({ challengeId: other.data!.challenge_id, credential: late as never })).error).toMatchObject({
      status: 400,
      code: "webauthn_challenge_not_found",
      message: "Challenge not found or already used",
    });
    expect((await service.db.query("select count(*)::int as n from auth_passkeys where user_id = $1", [userId])).rows[0].n).toBe(1);
  });

  it("needs a session: no bearer is GoTrue's 401, and a bad body its 400", async () => {
    const res = await post("/passkeys/registration/options", {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" });
    const { auth } = await signedUp();
    const { data } = await auth.getSession();
    const bad = await fetch(`${service.url}/auth/v1/passkeys/registration/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${data.session!.access_token}` },
      body: JSON.stringify({ challenge_id: "not-a-uuid", credential: {} }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "challenge_id must be a valid UUID" });
  });

  it("an account with a verified TOTP factor registers only from an aal2 session (GoTrue's insufficient_aal)", async () => {
    const { auth, email } = await signedUp();
    const { data: factor } = await auth.mfa.enroll({ factorType: "totp" });
    const code = TOTP.generate({ secret: Secret.fromBase32(factor!.totp.secret) });
    expect((await auth.mfa.challengeAndVerify({ factorId: factor!.id, code })).error).toBeNull();
    const fresh = client();
    expect((await fresh.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await fresh.passkey.startRegistration()).error).toMatchObject({ status: 403, code: "insufficient_aal", message: "AAL2 session is required to manage passkeys when MFA is enabled" });
    expect((await auth.passkey.startRegistration()).error).toBeNull();
  });
});

describe("auth-js passkey: sign-in", () => {
  it("signs in with the passkey: a new session at aal2 whose amr is webauthn, and the passkey's last use noted", async () => {
    const { device, userId, email } = await withPasskey();
    const before = await sessionCount(userId);
    const { auth, result } = await signInWith(device);
    expect(result.error).toBeNull();
    expect(result.data!.user).toMatchObject({ id: userId, email });
    const claims = decodeJwt(result.data!.session!.access_token);
    expect(claims).toMatchObject({ sub: userId, aal: "aal2" });
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(["webauthn"]);
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal2" });
    expect(await sessionCount(userId)).toBe(before + 1);
    const { data: listed } = await auth.passkey.list();
    expect(listed![0]!.last_used_at).toEqual(expect.any(String));

    // A refreshed session keeps the level the passkey gave it.
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: "aal2" });
  });

  it("offers request options without allowCredentials (any passkey of the site) and user verification required", async () => {
    const { data, error } = await client().passkey.startAuthentication();
    expect(error).toBeNull();
    expect(data!.options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(data!.options.allowCredentials ?? []).toEqual([]);
  });

  it("refuses a replayed challenge: the same assertion again is webauthn_challenge_not_found and opens no session", async () => {
    const { device, userId } = await withPasskey();
    const { result, challengeId, credential } = await signInWith(device);
    expect(result.error).toBeNull();
    const sessions = await sessionCount(userId);
    const replay = await post("/passkeys/authentication/verify", { challenge_id: challengeId, credential });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ code: 400, error_code: "webauthn_challenge_not_found", msg: "Challenge not found or already used" });
    expect(await sessionCount(userId)).toBe(sessions);
  });

  it("refuses an authenticator registered nowhere here, and an assertion without user verification, opening no session", async () => {
    const { device, userId } = await withPasskey();
    const stranger = new SoftwareAuthenticator(browserOrigin());
    const unknown = stranger.makeCredential("localhost", device.credentials[0]!.userHandle);
    const options = await client().passkey.startAuthentication();
    const refused = await post("/passkeys/authentication/verify", { challenge_id: options.data!.challenge_id, credential: stranger.authenticate(options.data!.options, unknown) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: 400, error_code: "webauthn_verification_failed", msg: "Credential verification failed" });

    const again = await client().passkey.startAuthentication();
    const unverified = device.authenticate(again.data!.options, device.credentials[0], { userVerified: false });
    const noUv = await post("/passkeys/authentication/verify", { challenge_id: again.data!.challenge_id, credential: unverified });
    expect(noUv.status).toBe(400);
    expect((await noUv.json()).error_code).toBe("webauthn_verification_failed");
    expect(await sessionCount(userId)).toBe(1);
  });

  it("refuses an expired challenge with webauthn_challenge_expired", async () => {
    const { device } = await withPasskey();
    const options = await client().passkey.startAuthentication();
    await service.db.query("update auth_passkey_challenges set expires_at = now() - interval '1 second' where id = $1", [options.data!.challenge_id]);
    const late = await post("/passkeys/authentication/verify", { challenge_id: options.data!.challenge_id, credential: device.authenticate(options.data!.options) });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ code: 400, error_code: "webauthn_challenge_expired", msg: "Challenge has expired" });
  });
});

describe("auth-js passkey: with other factors and instances", () => {
  it("a passkey session stays aal2 when the account's last TOTP factor is removed", async () => {
    const person = await withPasskey();
    const { data: factor } = await person.auth.mfa.enroll({ factorType: "totp" });
    const code = TOTP.generate({ secret: Secret.fromBase32(factor!.totp.secret) });
    expect((await person.auth.mfa.challengeAndVerify({ factorId: factor!.id, code })).error).toBeNull();
    const { auth: passkeySession, result } = await signInWith(person.device);
    expect(result.error).toBeNull();

    expect((await person.auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
    const refreshed = await passkeySession.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: "aal2", amr: [{ method: "webauthn" }] });
  });

  it("options from one instance verify on another: the challenge is in PostgreSQL", async () => {
    const { device, userId } = await withPasskey();
    const other = await startService({ label: "auth-js-passkeys-b", databaseUrl: service.databaseUrl, env: { SERVICE_ROLE_KEY } });
    try {
      const options = await fetch(`${other.url}/auth/v1/passkeys/authentication/options`, { method: "POST", headers: { apikey: "anon" } });
      expect(options.status).toBe(200);
      const { challenge_id, options: request } = await options.json();
      const verified = await post("/passkeys/authentication/verify", { challenge_id, credential: device.authenticate(request) });
      expect(verified.status).toBe(200);
      expect((await verified.json()).user.id).toBe(userId);
    } finally {
      await other.stop();
    }
  }, 90_000);
});

describe("auth-js passkey: limits", () => {
  it("counts each passkey sign-in start as a sign-in attempt from the address: over the limit it is GoTrue's 429", async () => {
    const limited = await startService({ label: "auth-js-passkeys-limit", env: { SIGNIN_RATE_LIMIT_PER_ADDRESS: "3" } });
    try {
      const start = () => fetch(`${limited.url}/auth/v1/passkeys/authentication/options`, { method: "POST", headers: { apikey: "anon" } });
      for (let attempt = 0; attempt < 3; attempt++) expect((await start()).status).toBe(200);
      const refused = await start();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await refused.json()).error_code).toBe("over_request_rate_limit");
      expect((await limited.db.query("select count(*)::int as n from auth_passkey_challenges")).rows[0].n).toBe(3);
    } finally {
      await limited.stop();
    }
  }, 90_000);
});

describe("auth-js passkey: rename and delete", () => {
  it("renames a passkey of the account, refuses an empty name, and knows no other account's passkey", async () => {
    const { auth, passkeyId } = await withPasskey();
    const renamed = await auth.passkey.update({ passkeyId, friendlyName: "Work laptop" });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: "Work laptop" });
    expect((await auth.passkey.list()).data!.map((item) => item.friendly_name)).toEqual(["Work laptop"]);
    expect((await auth.passkey.update({ passkeyId, friendlyName: "" })).error).toMatchObject({ status: 400, code: "validation_failed", message: "friendly_name is required" });

    const other = await signedUp();
    expect((await other.auth.passkey.update({ passkeyId, friendlyName: "Mine now" })).error).toMatchObject({ status: 404, code: "validation_failed", message: "Passkey not found" });
    expect((await other.auth.passkey.delete({ passkeyId })).error).toMatchObject({ status: 404, message: "Passkey not found" });
    expect((await auth.passkey.list()).data!.map((item) => item.friendly_name)).toEqual(["Work laptop"]);
  });

  it("deletes a passkey: gone from the list and the table, and it no longer signs in", async () => {
    const { auth, passkeyId, device, userId } = await withPasskey();
    expect((await auth.passkey.delete({ passkeyId })).error).toBeNull();
    expect((await auth.passkey.list()).data).toEqual([]);
    expect((await service.db.query("select count(*)::int as n from auth_passkeys where user_id = $1", [userId])).rows[0].n).toBe(0);
    const { result } = await signInWith(device);
    expect(result.error).toMatchObject({ status: 400, code: "webauthn_verification_failed" });
  });
});

describe("auth-js admin.passkey", () => {
  it("lists and deletes a person's passkeys with the service-role key; a user's token is not_admin", async () => {
    const { auth, userId, passkeyId } = await withPasskey();
    const admin = client(SERVICE_ROLE_KEY).admin;
    const listed = await admin.passkey.listPasskeys({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.map((item) => item.id)).toEqual([passkeyId]);

    const { data } = await auth.getSession();
    const asUser = await fetch(`${service.url}/auth/v1/admin/users/${userId}/passkeys`, { headers: { authorization: `Bearer ${data.session!.access_token}` } });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ code: 403, error_code: "not_admin", msg: "User not allowed" });

    expect((await admin.passkey.deletePasskey({ userId, passkeyId })).error).toBeNull();
    expect((await auth.passkey.list()).data).toEqual([]);
    expect((await admin.passkey.deletePasskey({ userId, passkeyId })).error).toMatchObject({ status: 404 });
  });
});
