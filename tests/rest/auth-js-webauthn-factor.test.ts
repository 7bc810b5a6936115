import { AuthClient } from "@supabase/auth-js";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/actors";
import { uniqueEmail } from "../support/http";
import { sharedService } from "../support/shared-service";
import { SoftwareAuthenticator } from "../support/software-authenticator";

/**
 * Issue 20: GoTrue's WebAuthn MFA factor through an unmodified `@supabase/auth-js`
 * (`mfa.webauthn.enroll`, `mfa.challenge`, `mfa.verify`, `mfa.listFactors`, `mfa.unenroll`),
 * as the auth-js suite's `describe('WebAuthn MFA')` drives it, the browser's part played by
 * the software authenticator. No INTEGRATION_ENCRYPTION_KEY: a WebAuthn factor holds no
 * secret, so it needs none (unlike TOTP). BASE_URL is http://127.0.0.1:port, so the relying
 * party is `localhost`.
 */
const service = sharedService();

const client = () =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

async function signedUp() {
  const auth = client();
  const { data, error } = await auth.signUp({ email: uniqueEmail("webauthn-factor"), password: "correct horse battery" });
  expect(error).toBeNull();
  return { auth, userId: data.user!.id };
}

const factorRows = async (userId: string) =>
  (await service.db.query("select factor_type, status, friendly_name from auth_mfa_factors where user_id = $1", [userId])).rows;

describe("auth-js mfa.webauthn: enrol, list, unenrol", () => {
  it("enrols an unverified webauthn factor, lists it under all, and removes it", async () => {
    const { auth, userId } = await signedUp();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Security key" });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({ id: expect.any(String), type: "webauthn", friendly_name: "Security key" });
    expect(await factorRows(userId)).toEqual([{ factor_type: "webauthn", status: "unverified", friendly_name: "Security key" }]);

    const listed = await auth.mfa.listFactors();
    expect(listed.error).toBeNull();
    expect(listed.data!.all).toEqual([expect.objectContaining({ id: enrolled.data!.id, factor_type: "webauthn", status: "unverified", friendly_name: "Security key" })]);
    // Only verified factors are sorted into their type's list.
    expect(listed.data!.webauthn).toEqual([]);

    const removed = await auth.mfa.unenroll({ factorId: enrolled.data!.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: enrolled.data!.id });
    expect(await factorRows(userId)).toEqual([]);
  });

  it("allows an empty friendly name", async () => {
    const { auth, userId } = await signedUp();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "" });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: "webauthn", friendly_name: "" });
    expect(await factorRows(userId)).toEqual([{ factor_type: "webauthn", status: "unverified", friendly_name: "" }]);
  });

  it("refuses enrolment without a session: 401, no row", async () => {
    const response = await fetch(`${service.url}/auth/v1/factors`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "anon" },
      body: JSON.stringify({ factor_type: "webauthn", friendly_name: "x" }),
    });
    expect(response.status).toBe(401);
  });
});

describe("a webauthn factor's verify without its ceremony", () => {
  it("answers GoTrue's 400 validation_failed, not a 500, and leaves the factor unverified", async () => {
    const { auth, userId } = await signedUp();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Key" });
    const { data: session } = await auth.getSession();
    const response = await fetch(`${service.url}/auth/v1/factors/${enrolled.data!.id}/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "anon", authorization: `Bearer ${session.session!.access_token}` },
      body: JSON.stringify({ challenge_id: "00000000-0000-4000-8000-000000000000", code: "123456" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "WebAuthn config required" });
    expect(await factorRows(userId)).toEqual([{ factor_type: "webauthn", status: "unverified", friendly_name: "Key" }]);
  });
});

type Json = Record<string, any>;
type Auth = ReturnType<typeof client>;
const PASSWORD = "correct horse battery";
const browserOrigin = () => service.url.replace("127.0.0.1", "localhost");
/** What auth-js's `mfa.webauthn.register`/`authenticate` send by default: the page's host and origin. */
const relyingParty = () => ({ rpId: "localhost", rpOrigins: [browserOrigin()] });

/** auth-js hands back the options with ArrayBuffers (for navigator.credentials); the authenticator reads JSON. */
const b64url = (value: unknown) => (value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? Buffer.from(value as ArrayBuffer).toString("base64url") : value);
function optionsJson(publicKey: Json): Json {
  const listed = (list?: Json[]) => list?.map((item) => ({ ...item, id: b64url(item.id) }));
  return {
    ...publicKey,
    challenge: b64url(publicKey.challenge),
    ...(publicKey.user ? { user: { ...publicKey.user, id: b64url(publicKey.user.id) } } : {}),
    ...(publicKey.excludeCredentials ? { excludeCredentials: listed(publicKey.excludeCredentials) } : {}),
    ...(publicKey.allowCredentials ? { allowCredentials: listed(publicKey.allowCredentials) } : {}),
  };
}
/** A browser's PublicKeyCredential as auth-js serializes it: through its `toJSON`. */
const asBrowserCredential = (json: Json) => ({ ...json, toJSON: () => json }) as never;

async function challenge(auth: Auth, factorId: string) {
  const challenged = await auth.mfa.challenge({ factorId, webauthn: relyingParty() });
  expect(challenged.error).toBeNull();
  const data = challenged.data as Json;
  return { id: data.id as string, type: data.webauthn.type as string, options: optionsJson(data.webauthn.credential_options.publicKey), raw: data };
}

function verify(auth: Auth, factorId: string, challengeId: string, type: "create" | "request", credential: Json) {
  return auth.mfa.verify({ factorId, challengeId, webauthn: { type, ...relyingParty(), credential_response: asBrowserCredential(credential) } } as never);
}

/** A person with a WebAuthn factor verified through enrol, challenge (create) and verify. */
async function withVerifiedFactor(auth: Auth = client(), email = uniqueEmail("webauthn-factor")) {
  if (!(await auth.getSession()).data.session) expect((await auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  const device = new SoftwareAuthenticator(browserOrigin());
  const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Security key" });
  expect(enrolled.error).toBeNull();
  const factorId = enrolled.data!.id;
  const created = await challenge(auth, factorId);
  const verified = await verify(auth, factorId, created.id, "create", device.register(created.options));
  expect(verified.error).toBeNull();
  const userId = (await auth.getUser()).data.user!.id;
  return { auth, email: (await auth.getUser()).data.user!.email!, userId, device, factorId, verified };
}

async function signedInAgain(email: string) {
  const auth = client();
  expect((await auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return auth;
}

const factorState = async (factorId: string) =>
  (await service.db.query("select status, web_authn_credential is not null as has_credential from auth_mfa_factors where id = $1", [factorId])).rows[0];
const challengeCount = async (factorId: string) => (await service.db.query("select count(*)::int as n from auth_mfa_challenges where factor_id = $1", [factorId])).rows[0].n as number;
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${service.url}/auth/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: "anon", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const tokenOf = async (auth: Auth) => (await auth.getSession()).data.session!.access_token;

describe("auth-js mfa.webauthn: the create ceremony verifies the factor", () => {
  it("answers creation options for the unverified factor: relying party localhost, the person as user, the challenge stored", async () => {
    const { auth, userId } = await signedUp();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Key" });
    const created = await challenge(auth, enrolled.data!.id);
    expect(created.raw).toMatchObject({ id: expect.any(String), type: "webauthn", expires_at: expect.any(Number), webauthn: { type: "create" } });
    expect(created.options).toMatchObject({ rp: { id: "localhost", name: "localhost" }, user: { id: Buffer.from(userId).toString("base64url") }, attestation: "none" });
    expect(await challengeCount(enrolled.data!.id)).toBe(1);
  });

  it("verifies the factor: the session rises to aal2 with amr mfa/webauthn, listFactors shows it verified", async () => {
    const { auth, factorId, verified } = await withVerifiedFactor();
    expect(verified.data).toMatchObject({ token_type: "bearer", access_token: expect.any(String), refresh_token: expect.any(String) });
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(["mfa/webauthn", "password"]);
    expect(await factorState(factorId)).toEqual({ status: "verified", has_credential: true });
    expect(await challengeCount(factorId)).toBe(0);
    const listed = await auth.mfa.listFactors();
    expect(listed.data!.webauthn).toEqual([expect.objectContaining({ id: factorId, factor_type: "webauthn", status: "verified", friendly_name: "Security key" })]);
    const level = await auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(level.data!.currentAuthenticationMethods.map((entry) => (typeof entry === "string" ? entry : entry.method))).toEqual(["mfa/webauthn", "password"]);
  });

  it("refuses a create ceremony signed at an origin the service does not serve: 400 webauthn_verification_failed, the factor unverified, the challenge used up", async () => {
    const { auth } = await signedUp();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Key" });
    const created = await challenge(auth, enrolled.data!.id);
    const device = new SoftwareAuthenticator("https://evil.example");
    const refused = await verify(auth, enrolled.data!.id, created.id, "create", device.register(created.options));
    expect(refused.error).toMatchObject({ status: 400, code: "webauthn_verification_failed", message: "Credential verification failed" });
    expect(await factorState(enrolled.data!.id)).toEqual({ status: "unverified", has_credential: false });
    expect(await challengeCount(enrolled.data!.id)).toBe(0);
    expect(decodeJwt(await tokenOf(auth)).aal).toBe("aal1");
  });

  it("refuses a relying party the service does not serve, named in the challenge or the verify: 400 validation_failed, no challenge made", async () => {
    const { auth } = await signedUp();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Key" });
    const token = await tokenOf(auth);
    const wrongOrigin = await post(`/factors/${enrolled.data!.id}/challenge`, { webauthn: { rpId: "localhost", rpOrigins: ["https://evil.example"] } }, token);
    expect(wrongOrigin.status).toBe(400);
    expect(await wrongOrigin.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: `invalid RP origins: https://evil.example (this service accepts ${service.url}, ${browserOrigin()}; WEBAUTHN_RP_ORIGINS adds more)`,
    });
    const wrongId = await post(`/factors/${enrolled.data!.id}/challenge`, { webauthn: { rpId: "evil.example" } }, token);
    expect(wrongId.status).toBe(400);
    expect(await wrongId.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "invalid RP ID: evil.example (this service's relying party is localhost)" });
    expect(await challengeCount(enrolled.data!.id)).toBe(0);

    const created = await challenge(auth, enrolled.data!.id);
    const credential = new SoftwareAuthenticator(browserOrigin()).register(created.options);
    const atVerify = await post(`/factors/${enrolled.data!.id}/verify`, { challenge_id: created.id, webauthn: { type: "create", rpId: "evil.example", credential_response: credential } }, token);
    expect(atVerify.status).toBe(400);
    expect(await atVerify.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "invalid RP ID: evil.example (this service's relying party is localhost)" });
    expect(await factorState(enrolled.data!.id)).toEqual({ status: "unverified", has_credential: false });
  });

  it("verifies the factor once when two create ceremonies race: one key stored, one factor.enrolled, the other refused", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "wr" });
    const auth = client();
    expect((await auth.signInWithPassword({ email: owner.user.email, password: owner.user.password })).error).toBeNull();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Key" });
    const factorId = enrolled.data!.id;
    const token = await tokenOf(auth);
    const keys = [new SoftwareAuthenticator(browserOrigin()), new SoftwareAuthenticator(browserOrigin())];
    const ceremonies = [];
    for (const key of keys) {
      const created = await challenge(auth, factorId);
      ceremonies.push({ challenge_id: created.id, webauthn: { type: "create", ...relyingParty(), credential_response: key.register(created.options) } });
    }
    const answers = await Promise.all(ceremonies.map((body) => post(`/factors/${factorId}/verify`, body, token)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = answers.findIndex((answer) => answer.status === 200);
    const stored = (await service.db.query("select web_authn_credential->>'id' as id from auth_mfa_factors where id = $1", [factorId])).rows[0].id;
    expect(stored).toBe(keys[winner]!.credentials[0]!.id);
    const enrolledRows = await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1 and action = 'factor.enrolled'`, [owner.tenantId]);
    expect(enrolledRows.rows[0].n).toBe(1);
  });

  it("answers GoTrue's 400s for a verify body without its ceremony's parts", async () => {
    const { auth } = await signedUp();
    const enrolled = await auth.mfa.webauthn.enroll({ friendlyName: "Key" });
    const token = await tokenOf(auth);
    const cases: [unknown, string][] = [
      [{ type: "sign" }, "WebAuthn type must be create or request"],
      [{ type: "create" }, "credential_response required"],
      [{ type: "create", credential_response: "x" }, "Invalid credential_response"],
      [{ type: "request", credential_response: {} }, "WebAuthn type must be create for an unverified factor"],
    ];
    for (const [webauthn, msg] of cases) {
      const response = await post(`/factors/${enrolled.data!.id}/verify`, { challenge_id: "00000000-0000-4000-8000-000000000000", webauthn }, token);
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { code: 400, error_code: "validation_failed", msg } });
    }
  });
});

describe("auth-js mfa.webauthn: the request ceremony raises a later session", () => {
  it("answers request options naming the factor's credential, and verifies a new aal1 session to aal2", async () => {
    const { email, device, factorId } = await withVerifiedFactor();
    const later = await signedInAgain(email);
    expect((await later.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const requested = await challenge(later, factorId);
    expect(requested.type).toBe("request");
    expect(requested.options).toMatchObject({ rpId: "localhost", allowCredentials: [{ id: device.credentials[0]!.id, type: "public-key" }] });
    const verified = await verify(later, factorId, requested.id, "request", device.authenticate(requested.options));
    expect(verified.error).toBeNull();
    const level = await later.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(level.data!.currentAuthenticationMethods.map((entry) => (typeof entry === "string" ? entry : entry.method))).toEqual(["mfa/webauthn", "password"]);
    // The signature counter moves on with the authenticator's.
    expect((await service.db.query("select web_authn_credential->>'counter' as counter from auth_mfa_factors where id = $1", [factorId])).rows[0].counter).toBe("1");
  });

  it("refuses a replayed challenge: 422 mfa_factor_not_found, as GoTrue answers a challenge it no longer has", async () => {
    const { email, device, factorId } = await withVerifiedFactor();
    const later = await signedInAgain(email);
    const requested = await challenge(later, factorId);
    const assertion = device.authenticate(requested.options);
    expect((await verify(later, factorId, requested.id, "request", assertion)).error).toBeNull();
    const replayed = await post(`/factors/${factorId}/verify`, { challenge_id: requested.id, webauthn: { type: "request", ...relyingParty(), credential_response: assertion } }, await tokenOf(later));
    expect(replayed.status).toBe(422);
    expect(await replayed.json()).toEqual({ code: 422, error_code: "mfa_factor_not_found", msg: "MFA factor with the provided challenge ID not found" });
  });

  it("refuses another authenticator's assertion: 400 webauthn_verification_failed, the session stays aal1", async () => {
    const { email, factorId } = await withVerifiedFactor();
    const later = await signedInAgain(email);
    const requested = await challenge(later, factorId);
    const stranger = new SoftwareAuthenticator(browserOrigin());
    stranger.makeCredential("localhost");
    const refused = await verify(later, factorId, requested.id, "request", stranger.authenticate(requested.options));
    expect(refused.error).toMatchObject({ status: 400, code: "webauthn_verification_failed", message: "Credential verification failed" });
    expect(decodeJwt(await tokenOf(later)).aal).toBe("aal1");
    expect(await challengeCount(factorId)).toBe(0);
  });

  it("refuses the factor's challenge and verify without a session: 401 no_authorization", async () => {
    const { factorId } = await withVerifiedFactor();
    for (const path of [`/factors/${factorId}/challenge`, `/factors/${factorId}/verify`]) {
      const response = await post(path, { challenge_id: "00000000-0000-4000-8000-000000000000", webauthn: { type: "request", ...relyingParty(), credential_response: {} } });
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: { code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" } });
    }
    expect(await challengeCount(factorId)).toBe(0);
  });
});

describe("a webauthn factor in the audit log and unenrolled", () => {
  it("records factor.enrolled on its create verify and factor.removed when it goes; the sessions drop to aal1", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "wa" });
    const auth = client();
    expect((await auth.signInWithPassword({ email: owner.user.email, password: owner.user.password })).error).toBeNull();
    const rows = async (action: string) =>
      (await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = $2 order by seq`, [owner.tenantId, action])).rows.map((r) => ({
        actor: r.actor,
        target: `${r.target_type}:${r.target_id}`,
        changes: r.changes,
      }));
    const me = { type: "person", id: owner.user.userId, email: owner.user.email };
    const { factorId } = await withVerifiedFactor(auth);
    expect(await rows("factor.enrolled")).toEqual([{ actor: me, target: `factor:${factorId}`, changes: { factorType: "webauthn", friendlyName: "Security key" } }]);

    const removed = await auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(await rows("factor.removed")).toEqual([{ actor: me, target: `factor:${factorId}`, changes: { factorType: "webauthn", friendlyName: "Security key" } }]);
    expect((await service.db.query("select count(*)::int as n from auth_mfa_factors where id = $1", [factorId])).rows[0].n).toBe(0);
    const refreshed = await auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe("aal1");
  });
});
