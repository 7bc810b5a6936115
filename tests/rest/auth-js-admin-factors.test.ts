import { randomBytes } from "node:crypto";
import { AuthClient } from "@supabase/auth-js";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 16, 1.6: GoTrue's admin factor routes, driven by an unmodified auth-js
 * `auth.admin.mfa` (listFactors, deleteFactor), on factors a person enrolled with auth-js's
 * `mfa` and verified with a code computed as an authenticator app would.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC1hZG1pbi1mYWN0b3Jz";
let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "auth-js-admin-factors", env: { SERVICE_ROLE_KEY, INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString("base64") } });
}, 60_000);
afterAll(() => service?.stop());

const PASSWORD = "correct horse battery";
const options = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;
const person = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, ...options, experimental: { recoveryCodes: true } });
const admin = (key = SERVICE_ROLE_KEY) => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` }, ...options }).admin;

/** A signed-up person with a verified TOTP factor (their session now aal2). */
async function withVerifiedFactor() {
  const auth = person();
  const { data: signedUp } = await auth.signUp({ email: uniqueEmail("admin-factors"), password: PASSWORD });
  const userId = signedUp.user!.id;
  const { data: factor, error } = await auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  expect(error).toBeNull();
  const code = TOTP.generate({ secret: Secret.fromBase32(factor!.totp.secret) });
  expect((await auth.mfa.challengeAndVerify({ factorId: factor!.id, code })).error).toBeNull();
  return { auth, userId, factorId: factor!.id };
}

const factorRows = async (userId: string) => (await service.db.query("select id, factor_type from auth_mfa_factors where user_id = $1 order by created_at", [userId])).rows;

describe("auth-js auth.admin.mfa", () => {
  it("lists a person's enrolled TOTP factor and deletes it: the row and its recovery codes go, the sessions drop to aal1", async () => {
    const { auth, userId, factorId } = await withVerifiedFactor();
    expect((await auth.mfa.recoveryCodes.generate()).error).toBeNull();
    expect((await factorRows(userId)).map((row) => row.factor_type).sort()).toEqual(["recovery_code", "totp"]);

    const listed = await admin().mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual(
      expect.arrayContaining([
        { id: factorId, friendly_name: "Phone", factor_type: "totp", status: "verified", created_at: expect.any(String), updated_at: expect.any(String) },
      ]),
    );

    const deleted = await admin().mfa.deleteFactor({ userId, id: factorId });
    expect(deleted.error).toBeNull();
    // auth-js hands back GoTrue's answer (the deleted factor) under `data.data`, as its own suite reads it.
    expect((deleted.data as unknown as { data: { id: string } }).data.id).toBe(factorId);
    expect(await factorRows(userId)).toEqual([]);
    expect((await admin().mfa.listFactors({ userId })).data!.factors).toEqual([]);
    // The person's session no longer counts as two-step: a refresh gives aal1.
    expect((await auth.refreshSession()).error).toBeNull();
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
  });

  it("answers GoTrue's errors for an unknown person or factor and for another person's factor, deleting nothing", async () => {
    const { userId, factorId } = await withVerifiedFactor();
    const other = await withVerifiedFactor();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin().mfa.listFactors({ userId: unknown })).error).toMatchObject({ status: 404, code: "user_not_found", message: "User not found" });
    expect((await admin().mfa.deleteFactor({ userId: unknown, id: unknown })).error).toMatchObject({ status: 404, code: "user_not_found" });
    expect((await admin().mfa.deleteFactor({ userId, id: unknown })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found", message: "Factor not found" });
    expect((await admin().mfa.deleteFactor({ userId, id: other.factorId })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
    for (const hostile of ["%00", "not-a-uuid", "%ED%A0%80"]) {
      const response = await fetch(`${service.url}/auth/v1/admin/users/${userId}/factors/${hostile}`, { method: "DELETE", headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
      expect(response.status).toBe(404);
      expect((await response.json()).error_code).toBe("mfa_factor_not_found");
    }
    expect((await admin("not-the-key").mfa.deleteFactor({ userId, id: factorId })).error).toMatchObject({ status: 403, code: "not_admin" });
    expect((await factorRows(userId)).map((row) => row.id)).toEqual([factorId]);
    expect((await factorRows(other.userId)).map((row) => row.id)).toEqual([other.factorId]);
  });
});
