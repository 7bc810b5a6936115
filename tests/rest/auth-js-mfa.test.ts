import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { authJsClient } from "../support/auth-js-client";
import { uniqueEmail } from "../support/http";
import { sharedService } from "../support/shared-service";

/**
 * Issue 20, 1: two-step sign-in driven by an unmodified `@supabase/auth-js` (its `mfa` and
 * experimental `mfa.recoveryCodes` namespaces), the codes computed by a TOTP library as an
 * authenticator app would.
 */
const service = sharedService();

const PASSWORD = "correct horse battery";
const client = () => authJsClient(service, { recoveryCodes: true });

/**
 * An authenticator app: the code of the current 30-second step, or of the next one when the
 * current one was used already (the service accepts one step either side and each step once).
 */
function app(secret: string) {
  let lastStep = -1;
  return () => {
    const now = Date.now();
    const step = Math.max(TOTP.counter({ timestamp: now }), lastStep + 1);
    lastStep = step;
    return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
  };
}

async function signedUp() {
  const auth = client();
  const email = uniqueEmail("mfa");
  const { data, error } = await auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { auth, email, userId: data.user!.id };
}

async function signedIn(email: string) {
  const auth = client();
  const { error } = await auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return auth;
}

/** A person with a verified TOTP factor, signed in again afresh (aal1) by a second client. */
async function enrolled() {
  const person = await signedUp();
  const { data, error } = await person.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  expect(error).toBeNull();
  const code = app(data!.totp.secret);
  const firstCode = code();
  const verified = await person.auth.mfa.challengeAndVerify({ factorId: data!.id, code: firstCode });
  expect(verified.error).toBeNull();
  return { ...person, factorId: data!.id, code, firstCode };
}

describe("auth-js mfa: TOTP", () => {
  it("enrols, challenges and verifies: the factor is listed, the session rises from aal1 to aal2 with both methods in amr", async () => {
    const { auth, userId } = await signedUp();
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

    const { data: factor, error } = await auth.mfa.enroll({ factorType: "totp", friendlyName: "Work phone" });
    expect(error).toBeNull();
    expect(factor).toMatchObject({ type: "totp", friendly_name: "Work phone" });
    expect(factor!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml|^data:image\/svg\+xml;utf-8,<svg/);
    expect(factor!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor!.totp.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // Stored sealed: the row never holds the secret in the clear.
    const row = await service.db.query(`select status, secret_ciphertext from auth_mfa_factors where id = $1 and user_id = $2`, [factor!.id, userId]);
    expect(row.rows[0].status).toBe("unverified");
    expect(row.rows[0].secret_ciphertext).toMatch(/^v1\./);
    expect(row.rows[0].secret_ciphertext).not.toContain(factor!.totp.secret);
    // An unverified factor does not raise the next level yet.
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

    const challenge = await auth.mfa.challenge({ factorId: factor!.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: "totp", id: expect.any(String) });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    const verified = await auth.mfa.verify({ factorId: factor!.id, challengeId: challenge.data!.id, code: app(factor!.totp.secret)() });
    expect(verified.error).toBeNull();

    const claims = decodeJwt(verified.data!.access_token) as { aal: string; amr: { method: string; timestamp: number }[] };
    expect(claims.aal).toBe("aal2");
    expect(claims.amr.map((entry) => entry.method)).toEqual(["totp", "password"]);
    for (const entry of claims.amr) expect(entry.timestamp).toBeGreaterThan(0);
    const level = await auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(level.data!.currentAuthenticationMethods.map((entry) => (entry as { method: string }).method)).toEqual(["totp", "password"]);

    const listed = await auth.mfa.listFactors();
    expect(listed.data!.totp).toEqual([expect.objectContaining({ id: factor!.id, friendly_name: "Work phone", factor_type: "totp", status: "verified" })]);
  });

  it("a person with a verified factor signs in at aal1 with nextLevel aal2; a refresh keeps aal2 once verified", async () => {
    const { email, factorId, code } = await enrolled();
    const auth = await signedIn(email);
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    expect((await auth.mfa.challengeAndVerify({ factorId, code: code() })).error).toBeNull();
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: "aal2" });
  });

  it("refuses a replayed code and a wrong code with GoTrue's mfa_verification_failed, and neither raises the session", async () => {
    const { email, factorId, firstCode } = await enrolled();
    const auth = await signedIn(email);
    const replay = await auth.mfa.challengeAndVerify({ factorId, code: firstCode });
    expect(replay.error).toMatchObject({ status: 422, code: "mfa_verification_failed", message: "Invalid TOTP code entered" });
    const wrong = await auth.mfa.challengeAndVerify({ factorId, code: firstCode === "000000" ? "111111" : "000000" });
    expect(wrong.error).toMatchObject({ status: 422, code: "mfa_verification_failed", message: "Invalid TOTP code entered" });
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
  });

  it("refuses the same code twice: two sessions of one person, one code", async () => {
    const { email, factorId, code } = await enrolled();
    const first = await signedIn(email);
    const second = (await (await signedIn(email)).getSession()).data.session!.access_token;
    const once = code();
    expect((await first.mfa.challengeAndVerify({ factorId, code: once })).error).toBeNull();
    // Verifying ended the other aal1 session (GoTrue's rule), so a fresh one tries the code.
    const third = await signedIn(email);
    const again = await third.mfa.challengeAndVerify({ factorId, code: once });
    expect(again.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    const user = await fetch(`${service.url}/auth/v1/user`, { headers: { authorization: `Bearer ${second}` } });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: "session_not_found" });
  });

  it("after 5 wrong codes answers 429 with Retry-After, even for the right code", async () => {
    const { email, factorId, code } = await enrolled();
    const auth = await signedIn(email);
    const { data: session } = await auth.getSession();
    const verify = async (value: string) => {
      const challenge = await auth.mfa.challenge({ factorId });
      return fetch(`${service.url}/auth/v1/factors/${factorId}/verify`, {
        method: "POST",
        headers: { authorization: `Bearer ${session.session!.access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ challenge_id: challenge.data!.id, code: value }),
      });
    };
    for (let i = 0; i < 5; i++) expect((await verify("000000")).status).toBe(422);
    const limited = await verify(code());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 429, error_code: "over_request_rate_limit" });
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1" });
  });

  it("lets 5 of 8 wrong codes sent at once be tried, and refuses the other 3 with 429 (issue 27)", async () => {
    const { email, factorId } = await enrolled();
    const auth = await signedIn(email);
    const { data: session } = await auth.getSession();
    const challenges = [];
    for (let i = 0; i < 8; i++) challenges.push((await auth.mfa.challenge({ factorId })).data!.id);
    const statuses = await Promise.all(
      challenges.map(async (challengeId, i) => {
        const response = await fetch(`${service.url}/auth/v1/factors/${factorId}/verify`, {
          method: "POST",
          headers: { authorization: `Bearer ${session.session!.access_token}`, "content-type": "application/json" },
          body: JSON.stringify({ challenge_id: challengeId, code: String(100000 + i) }),
        });
        return response.status;
      }),
    );
    expect(statuses.sort()).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
  });

  it("answers GoTrue's errors for an unknown factor, an unknown challenge and an empty code", async () => {
    const { auth, factorId } = await enrolled();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await auth.mfa.challenge({ factorId: unknown })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found", message: "Factor not found" });
    expect((await auth.mfa.verify({ factorId, challengeId: unknown, code: "123456" })).error).toMatchObject({
      status: 422,
      code: "mfa_factor_not_found",
      message: "MFA factor with the provided challenge ID not found",
    });
    const challenge = await auth.mfa.challenge({ factorId });
    expect((await auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: "" })).error).toMatchObject({ status: 400, code: "validation_failed", message: "Code needs to be non-empty" });
  });

  it("refuses a challenge older than 5 minutes (mfa_challenge_expired, and it is gone) and a challenge already verified (mfa_ip_address_mismatch)", async () => {
    const { email, factorId, code } = await enrolled();
    const auth = await signedIn(email);
    const old = await auth.mfa.challenge({ factorId });
    // Five minutes and a second ago, as PostgreSQL's clock counts it.
    await service.db.query(`update auth_mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [old.data!.id]);
    const expired = await auth.mfa.verify({ factorId, challengeId: old.data!.id, code: "123456" });
    expect(expired.error).toMatchObject({ status: 422, code: "mfa_challenge_expired", message: `MFA challenge ${old.data!.id} has expired, verify against another challenge or create a new challenge.` });
    expect((await service.db.query(`select 1 from auth_mfa_challenges where id = $1`, [old.data!.id])).rowCount).toBe(0);

    const fresh = await auth.mfa.challenge({ factorId });
    expect((await auth.mfa.verify({ factorId, challengeId: fresh.data!.id, code: code() })).error).toBeNull();
    const again = await auth.mfa.verify({ factorId, challengeId: fresh.data!.id, code: "123456" });
    expect(again.error).toMatchObject({ status: 422, code: "mfa_ip_address_mismatch", message: "Challenge and verify IP addresses mismatch." });
  });

  it("unenrols: a verified factor only from aal2; then the person is back to aal1 with no next level", async () => {
    const { email, factorId, code, userId } = await enrolled();
    const auth = await signedIn(email);
    expect((await auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: "insufficient_aal", message: "AAL2 required to unenroll verified factor" });
    expect((await auth.mfa.challengeAndVerify({ factorId, code: code() })).error).toBeNull();
    const removed = await auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect((await service.db.query(`select 1 from auth_mfa_factors where user_id = $1`, [userId])).rowCount).toBe(0);
    const again = await signedIn(email);
    expect((await again.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    expect((await again.mfa.listFactors()).data!.all).toEqual([]);
  });

  it("enrolling a second factor needs aal2 once one is verified", async () => {
    const { email } = await enrolled();
    const auth = await signedIn(email);
    expect((await auth.mfa.enroll({ factorType: "totp", friendlyName: "Tablet" })).error).toMatchObject({ status: 403, code: "insufficient_aal", message: "AAL2 required to enroll a new factor" });
  });
});

describe("auth-js mfa.recoveryCodes", () => {
  it("generates 10 codes once at aal2; one signs in in place of a TOTP code, once; regenerating kills the old set", async () => {
    const { auth, email, userId } = await enrolled();
    const generated = await auth.mfa.recoveryCodes.generate();
    expect(generated.error).toBeNull();
    expect(generated.data).toMatchObject({ type: "recovery_code", friendly_name: "Recovery codes", total: 10 });
    const codes = generated.data!.codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{16}$/);
    // Stored hashed: no row holds a code.
    const stored = await service.db.query(`select code_hash from auth_mfa_recovery_codes c join auth_mfa_factors f on f.id = c.factor_id where f.user_id = $1`, [userId]);
    expect(stored.rowCount).toBe(10);
    for (const row of stored.rows) expect(codes).not.toContain(row.code_hash);
    expect((await auth.mfa.recoveryCodes.generate()).error).toMatchObject({ status: 422, code: "mfa_verified_factor_exists" });

    const later = await signedIn(email);
    const used = await later.mfa.recoveryCodes.verify({ code: codes[0]!.toUpperCase().replace(/(.{4})(?!$)/g, "$1-") });
    expect(used.error).toBeNull();
    const claims = decodeJwt(used.data!.access_token) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe("aal2");
    expect(claims.amr.map((entry) => entry.method)).toEqual(["mfa/recovery_code", "password"]);
    expect((await later.mfa.recoveryCodes.getStatus()).data).toMatchObject({ type: "recovery_code", total: 10, remaining: 9 });

    const third = await signedIn(email);
    expect((await third.mfa.recoveryCodes.verify({ code: codes[0]! })).error).toMatchObject({ status: 422, code: "mfa_verification_failed" });

    const regenerated = await later.mfa.recoveryCodes.regenerate();
    expect(regenerated.error).toBeNull();
    expect(regenerated.data!.codes).toHaveLength(10);
    expect((await third.mfa.recoveryCodes.verify({ code: codes[1]! })).error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    expect((await third.mfa.recoveryCodes.verify({ code: regenerated.data!.codes[0]! })).error).toBeNull();
  });

  it("refuses recovery codes from an aal1 session and as the only factor", async () => {
    const { email } = await enrolled();
    const auth = await signedIn(email);
    expect((await auth.mfa.recoveryCodes.generate()).error).toMatchObject({ status: 403, code: "insufficient_aal" });
    const { auth: fresh } = await signedUp();
    expect((await fresh.mfa.recoveryCodes.getStatus()).error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
  });

  it("lets 5 of 8 wrong recovery codes sent at once be tried, and refuses the other 3 with 429 (issue 27)", async () => {
    const { auth, email } = await enrolled();
    expect((await auth.mfa.recoveryCodes.generate()).error).toBeNull();
    const later = await signedIn(email);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => later.mfa.recoveryCodes.verify({ code: String(1000000000000000 + i) })));
    expect(answers.map((answer) => answer.error?.status).sort()).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
  });

  it("signs in once with one recovery code sent eight times at once", async () => {
    const { auth, email } = await enrolled();
    const { data } = await auth.mfa.recoveryCodes.generate();
    const later = await signedIn(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => later.mfa.recoveryCodes.verify({ code: data!.codes[0]! })));
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    // The others are refused: as used codes (422), or past the 5 tries all eight took at once (429).
    for (const { error } of answers.filter((answer) => answer.error !== null)) expect([422, 429]).toContain(error!.status);
    const used = await service.db.query("select count(*)::int as n from auth_mfa_recovery_codes c join auth_mfa_factors f on f.id = c.factor_id join auth_users u on u.id = f.user_id where u.email = $1 and c.used_at is not null", [email]);
    expect(used.rows[0].n).toBe(1);
  });

  it("after 5 wrong recovery codes answers 429 mfa_recovery_codes_locked with Retry-After", async () => {
    const { auth, email } = await enrolled();
    const { data } = await auth.mfa.recoveryCodes.generate();
    const later = await signedIn(email);
    for (let i = 0; i < 5; i++) expect((await later.mfa.recoveryCodes.verify({ code: "0000000000000000" })).error).toMatchObject({ status: 422 });
    const locked = await later.mfa.recoveryCodes.verify({ code: data!.codes[0]! });
    expect(locked.error).toMatchObject({ status: 429, code: "mfa_recovery_codes_locked" });
  });
});
