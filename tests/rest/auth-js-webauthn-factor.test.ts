import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 20: GoTrue's WebAuthn MFA factor through an unmodified `@supabase/auth-js`
 * (`mfa.webauthn.enroll`, `mfa.listFactors`, `mfa.unenroll`), as the auth-js suite's
 * `describe('WebAuthn MFA')` drives it. No INTEGRATION_ENCRYPTION_KEY: a WebAuthn factor
 * holds no secret, so it needs none (unlike TOTP).
 */
let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "auth-js-webauthn-factor" });
}, 60_000);
afterAll(() => service?.stop());

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
