import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE } from "../support/hostile-strings";
import { uniqueEmail } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 16, 1: GoTrue's anonymous sign-in with ANONYMOUS_SIGN_IN=true (off by default, see
 * auth-js-drop-in.test.ts), driven by an unmodified `@supabase/auth-js`: an account without an
 * address, which becomes a permanent one when it adds an email and a password.
 */
let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "authjs-anon", env: { ANONYMOUS_SIGN_IN: "true" } });
}, 60_000);
afterAll(() => service?.stop());

const client = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

describe("auth-js signInAnonymously, on", () => {
  it("signs in an account without an address: is_anonymous in the user and the token", async () => {
    const auth = client();
    const { data, error } = await auth.signInAnonymously({ options: { data: { theme: "dark" } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: "", is_anonymous: true, app_metadata: {}, identities: [], user_metadata: { theme: "dark" } });
    const claims = (await auth.getClaims()).data!.claims;
    expect(claims).toMatchObject({ is_anonymous: true, app_metadata: {}, role: "authenticated", sub: data.user!.id });
    expect((await auth.getUser()).data.user?.is_anonymous).toBe(true);
    const { rows } = await service.db.query(`select is_anonymous, email from auth_users where id = $1`, [data.user!.id]);
    expect(rows).toEqual([{ is_anonymous: true, email: "" }]);
  });

  it("refuses a password alone, as GoTrue does", async () => {
    const auth = client();
    await auth.signInAnonymously();
    expect((await auth.updateUser({ password: "an anonymous passphrase" })).error).toMatchObject({
      status: 422,
      code: "validation_failed",
      message: "Updating password of an anonymous user without an email or phone is not allowed",
    });
  });

  it("becomes a permanent account when it adds an email and a password: same id, signs in with them", async () => {
    const auth = client();
    const { data: anon } = await auth.signInAnonymously();
    const email = uniqueEmail("anon-to-permanent");
    const { data, error } = await auth.updateUser({ email, password: "a permanent passphrase" });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: anon.user!.id, email, is_anonymous: false, app_metadata: { provider: "email", providers: ["email"] } });
    expect(data.user?.identities).toHaveLength(1);
    const again = client();
    const signedIn = await again.signInWithPassword({ email, password: "a permanent passphrase" });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(anon.user!.id);
    expect((await again.getClaims()).data!.claims.is_anonymous).toBe(false);
  });

  it("many anonymous accounts live side by side (none has an address)", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add((await client().signInAnonymously()).data.user!.id);
    expect(ids.size).toBe(3);
  });

  for (const [name, value] of Object.entries(HOSTILE)) {
    it(`answers hostile metadata (${name}) without a 500`, async () => {
      const res = await fetch(`${service.url}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data: { note: value } }) });
      expect(res.status).toBeLessThan(500);
      const body = await res.json();
      if (res.status === 200) expect(body.user).toMatchObject({ is_anonymous: true, user_metadata: { note: value } });
      else expect(body).toMatchObject({ code: res.status, error_code: expect.any(String), msg: expect.any(String) });
    });
  }
});
