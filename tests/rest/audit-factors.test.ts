import { AuthClient } from "@supabase/auth-js";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { suiteSetUp } from "../support/suite-resource";

/**
 * Issue 20 section 4: a second factor enrolled or removed and recovery codes made, used or
 * regenerated are recorded in the person's workspaces, in the transaction of the change; a
 * refused attempt (a wrong code, an aal1 session) writes nothing. Driven by unmodified auth-js.
 */
describe("audit log: factors and recovery codes", () => {
  const service = sharedService();
  const ws = suiteSetUp(() => signedInOwner(service, { slugPrefix: "mfa" }), 120_000);

  const client = () =>
    new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, experimental: { recoveryCodes: true } });
  const signedIn = async () => {
    const auth = client();
    expect((await auth.signInWithPassword({ email: ws.user.email, password: ws.user.password })).error).toBeNull();
    return auth;
  };
  const count = async () => (await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n as number;
  const rows = async (action: string, after: number) =>
    (await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = $2 and seq > $3 order by seq`, [ws.tenantId, action, after])).rows.map(
      (r) => ({ actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes }),
    );
  const me = () => ({ type: "person", id: ws.user.userId, email: ws.user.email });
  /** An authenticator app: each call the code of a step not used yet. */
  const authenticator = (secret: string) => {
    let last = -1;
    return () => {
      const step = Math.max(TOTP.counter({ timestamp: Date.now() }), last + 1);
      last = step;
      return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
    };
  };

  it("records a factor enrolled, recovery codes made, used and regenerated, and the factor removed", async () => {
    const auth = await signedIn();
    const { data: factor } = await auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    const code = authenticator(factor!.totp.secret);
    const mark = await count();
    // A wrong code verifies nothing and records nothing.
    expect((await auth.mfa.challengeAndVerify({ factorId: factor!.id, code: "000000" })).error).toMatchObject({ code: "mfa_verification_failed" });
    expect(await count()).toBe(mark);
    expect((await auth.mfa.challengeAndVerify({ factorId: factor!.id, code: code() })).error).toBeNull();
    expect(await rows("factor.enrolled", mark)).toEqual([{ actor: me(), target: `factor:${factor!.id}`, changes: { factorType: "totp", friendlyName: "Phone" } }]);

    const generated = await auth.mfa.recoveryCodes.generate();
    expect(generated.error).toBeNull();
    const setId = generated.data!.id;
    expect((await rows("factor.enrolled", mark)).at(-1)).toEqual({ actor: me(), target: `factor:${setId}`, changes: { factorType: "recovery_code", friendlyName: "Recovery codes" } });

    const later = await signedIn();
    const beforeWrong = await count();
    expect((await later.mfa.recoveryCodes.verify({ code: "0000000000000000" })).error).toMatchObject({ code: "mfa_verification_failed" });
    expect(await count()).toBe(beforeWrong);
    expect((await later.mfa.recoveryCodes.verify({ code: generated.data!.codes[0]! })).error).toBeNull();
    expect(await rows("recovery_codes.used", mark)).toEqual([{ actor: me(), target: `factor:${setId}`, changes: {} }]);

    const aal1 = await signedIn();
    const beforeRefused = await count();
    expect((await aal1.mfa.recoveryCodes.regenerate()).error).toMatchObject({ status: 403, code: "insufficient_aal" });
    expect((await aal1.mfa.unenroll({ factorId: factor!.id })).error).toMatchObject({ code: "insufficient_aal" });
    expect(await count()).toBe(beforeRefused);
    expect((await later.mfa.recoveryCodes.regenerate()).error).toBeNull();
    expect(await rows("recovery_codes.regenerated", mark)).toEqual([{ actor: me(), target: `factor:${setId}`, changes: {} }]);

    // The last factor cannot go while recovery codes back it: the set goes first (GoTrue's DELETE /factors/recovery-codes).
    const token = (await later.getSession()).data.session!.access_token;
    const removedSet = await fetch(`${service.url}/auth/v1/factors/recovery-codes`, { method: "DELETE", headers: { apikey: "anon", authorization: `Bearer ${token}` } });
    expect(removedSet.status).toBe(200);
    expect((await later.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
    expect(await rows("factor.removed", mark)).toEqual([
      { actor: me(), target: `factor:${setId}`, changes: { factorType: "recovery_code", friendlyName: "Recovery codes" } },
      { actor: me(), target: `factor:${factor!.id}`, changes: { factorType: "totp", friendlyName: "Phone" } },
    ]);
  });
});
