import { describe, expect, it } from "vitest";
import { authJsClient } from "../support/auth-js-client";
import { uniqueEmail } from "../support/http";
import { HOSTILE } from "../support/hostile-strings";
import { sharedService } from "../support/shared-service";

/**
 * Issue 16, 1: the built-in provider is a drop-in for `@supabase/auth-js`, driven here
 * unmodified against `{service.url}/auth/v1`. The provider asks for no `apikey` (any value
 * passes), so the client gets a placeholder as a Supabase project's anon key would be.
 */
const service = sharedService();

const PASSWORD = "correct horse battery";
const client = () => authJsClient(service);

async function signedUp(email = uniqueEmail("authjs")) {
  const auth = client();
  const { data, error } = await auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { auth, email, userId: data.user!.id };
}

async function signedIn(email: string, password = PASSWORD) {
  const auth = client();
  const { error } = await auth.signInWithPassword({ email, password });
  return { auth, error };
}

describe("auth-js updateUser", () => {
  it("changes the password for real: the new one works, the old does not, other sessions end, this one lives", async () => {
    const { auth, email } = await signedUp();
    const other = await signedIn(email);
    expect(other.error).toBeNull();

    const { data, error } = await auth.updateUser({ password: "a brand new passphrase" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);

    expect((await signedIn(email)).error).toMatchObject({ status: 400, code: "invalid_credentials" });
    expect((await signedIn(email, "a brand new passphrase")).error).toBeNull();
    expect((await auth.getUser()).data.user?.email).toBe(email);
    expect((await other.auth.getUser()).data.user).toBeNull();
  });

  it("refuses a password too short like GoTrue, and keeps the old one", async () => {
    const { auth, email } = await signedUp();
    const { error } = await auth.updateUser({ password: "short" });
    expect(error).toMatchObject({ status: 422, code: "weak_password" });
    expect((await signedIn(email)).error).toBeNull();
  });

  it("refuses an invalid email like GoTrue", async () => {
    const { auth, email } = await signedUp();
    const { error } = await auth.updateUser({ email: "invalid-email" });
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message: "Unable to validate email address: invalid format" });
    expect((await auth.getUser()).data.user?.email).toBe(email);
  });

  it("without mail, changes the email at once: signing in takes the new address only", async () => {
    const { auth, email, userId } = await signedUp();
    const next = uniqueEmail("authjs-new");
    const { data, error } = await auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(next);
    expect((await signedIn(email)).error).toMatchObject({ code: "invalid_credentials" });
    const again = await signedIn(next);
    expect(again.error).toBeNull();
    expect((await again.auth.getUser()).data.user?.id).toBe(userId);
  });

  it("refuses an email another account has", async () => {
    const first = await signedUp();
    const { auth } = await signedUp();
    const { error } = await auth.updateUser({ email: first.email });
    expect(error).toMatchObject({ status: 422, code: "email_exists", message: "A user with this email address has already been registered" });
  });
});

describe("auth-js user metadata", () => {
  it("keeps every key of signUp's data and merges updateUser's data (null removes a key)", async () => {
    const email = uniqueEmail("authjs-meta");
    const auth = client();
    const data = { display_name: "Ada", plan: "pro", prefs: { theme: "dark", sizes: [1, 2] }, beta: true };
    const signed = await auth.signUp({ email, password: PASSWORD, options: { data } });
    expect(signed.error).toBeNull();
    expect(signed.data.user?.user_metadata).toEqual(data);

    const { data: updated, error } = await auth.updateUser({ data: { plan: null, locale: "fr", prefs: { theme: "light" } } });
    expect(error).toBeNull();
    const merged = { display_name: "Ada", prefs: { theme: "light" }, beta: true, locale: "fr" };
    expect(updated.user?.user_metadata).toEqual(merged);
    expect((await auth.getUser()).data.user?.user_metadata).toEqual(merged);
    const stored = await service.db.query("select user_metadata from auth_users where email = $1", [email]);
    expect(stored.rows[0].user_metadata).toEqual(merged);
  });

  it("refuses metadata over 2 KB serialized (it rides in every access token), at sign-up and on update, and keeps what was there", async () => {
    const email = uniqueEmail("authjs-big");
    const big = { notes: "x".repeat(2 * 1024) };
    const refused = await client().signUp({ email, password: PASSWORD, options: { data: big } });
    expect(refused.error).toMatchObject({ status: 400, code: "validation_failed", message: "user_metadata must be at most 2048 bytes serialized" });
    expect((await service.db.query("select 1 from auth_users where email = $1", [email])).rows).toHaveLength(0);

    const { auth } = await signedUp();
    expect((await auth.updateUser({ data: { small: "kept" } })).error).toBeNull();
    const { error } = await auth.updateUser({ data: big });
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message: "user_metadata must be at most 2048 bytes serialized" });
    expect((await auth.getUser()).data.user?.user_metadata).toEqual({ small: "kept" });
  });
});

describe("auth-js user object and claims", () => {
  it("sends the user as GoTrue does: app_metadata, identities, confirmation and sign-in times, phone, is_anonymous", async () => {
    const email = uniqueEmail("authjs-user");
    const auth = client();
    const signed = await auth.signUp({ email, password: PASSWORD, options: { data: { display_name: "Ada" } } });
    expect(signed.error).toBeNull();
    const user = (await auth.getUser()).data.user!;
    expect(user).toMatchObject({
      id: signed.data.user!.id,
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { display_name: "Ada" },
    });
    for (const at of ["email_confirmed_at", "confirmed_at", "last_sign_in_at", "created_at", "updated_at"] as const) {
      expect(Number.isNaN(Date.parse(user[at] as string)), at).toBe(false);
    }
    expect(user.identities).toEqual([
      {
        identity_id: expect.any(String),
        id: user.id,
        user_id: user.id,
        identity_data: { email, email_verified: true, phone_verified: false, sub: user.id },
        provider: "email",
        email,
        last_sign_in_at: expect.any(String),
        created_at: user.created_at,
        updated_at: expect.any(String),
      },
    ]);

    const before = Date.parse(user.last_sign_in_at!);
    const again = client();
    expect((await again.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect(Date.parse((await again.getUser()).data.user!.last_sign_in_at!)).toBeGreaterThanOrEqual(before);
  });

  it("puts GoTrue's claims in the access token, which getClaims and the assurance level read", async () => {
    const email = uniqueEmail("authjs-claims");
    const auth = client();
    expect((await auth.signUp({ email, password: PASSWORD, options: { data: { plan: "pro" } } })).error).toBeNull();
    const { data, error } = await auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims).toMatchObject({
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: expect.any(Number) }],
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { plan: "pro" },
      is_anonymous: false,
      session_id: expect.any(String),
    });

    const aal = await auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.error).toBeNull();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1", currentAuthenticationMethods: [{ method: "password", timestamp: expect.any(Number) }] });

    // A refreshed token keeps how and when the session signed in.
    const first = (data!.claims.amr as Array<{ timestamp: number }>)[0]!.timestamp;
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await auth.getClaims()).data!.claims.amr).toEqual([{ method: "password", timestamp: first }]);
  });
});

describe("auth-js sign-out and dead sessions", () => {
  const alive = async (auth: ReturnType<typeof client>) => (await auth.getUser()).data.user !== null;

  it("a signed-out session's token gets GoTrue's session_not_found, and auth-js drops the session", async () => {
    const { auth, email } = await signedUp();
    const other = await signedIn(email);
    expect((await other.auth.signOut({ scope: "local" })).error).toBeNull();
    const headers = { apikey: "anon", authorization: `Bearer ${(await auth.getSession()).data.session!.access_token}` };
    // `auth` is still signed in; end its session from a third one, then ask with its token.
    const third = await signedIn(email);
    expect((await third.auth.signOut({ scope: "others" })).error).toBeNull();

    const raw = await fetch(`${service.url}/auth/v1/user`, { headers });
    expect([raw.status, await raw.json()]).toEqual([403, { code: 403, error_code: "session_not_found", msg: "Session from session_id claim in JWT does not exist" }]);
    const { data, error } = await auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe("AuthSessionMissingError");
    expect((await auth.getSession()).data.session).toBeNull();
  });

  it("a malformed or badly signed token gets GoTrue's 403 bad_jwt", async () => {
    const { auth } = await signedUp();
    const token = (await auth.getSession()).data.session!.access_token;
    const [header, payload] = token.split(".");
    const ask = async (bearer: string) => {
      const res = await fetch(`${service.url}/auth/v1/user`, { headers: { apikey: "anon", authorization: `Bearer ${bearer}` } });
      return [res.status, await res.json()];
    };
    expect(await ask("not-a-jwt")).toEqual([403, { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature, token is malformed" }]);
    expect(await ask(`${header}.${payload}.c2lnbmF0dXJl`)).toEqual([403, { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature, token signature is invalid" }]);
  });

  it("signOut honours its scope: local ends this session, others all but this one, global every one", async () => {
    const email = (await signedUp()).email;
    const [a, b, c] = [await signedIn(email), await signedIn(email), await signedIn(email)];

    expect((await a.auth.signOut({ scope: "local" })).error).toBeNull();
    expect([await alive(b.auth), await alive(c.auth)]).toEqual([true, true]);

    expect((await b.auth.signOut({ scope: "others" })).error).toBeNull();
    expect([await alive(b.auth), await alive(c.auth)]).toEqual([true, false]);

    const [d, e] = [await signedIn(email), await signedIn(email)];
    expect((await d.auth.signOut()).error).toBeNull();
    expect([await alive(b.auth), await alive(e.auth)]).toEqual([false, false]);
    const live = await service.db.query("select count(*)::int as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = $1 and s.revoked_at is null", [email]);
    expect(live.rows[0].n).toBe(0);
  });
});

describe("the token endpoint's body", () => {
  it("accepts application/x-www-form-urlencoded as GoTrue does, grant_type in the query or the form", async () => {
    const { email, userId } = await signedUp();
    const form = (query: string, fields: Record<string, string>) =>
      fetch(`${service.url}/auth/v1/token${query}`, { method: "POST", headers: { apikey: "anon", "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

    const byQuery = await form("?grant_type=password", { email, password: PASSWORD });
    expect(byQuery.status).toBe(200);
    const session = (await byQuery.json()) as { access_token: string; refresh_token: string; user: { id: string } };
    expect(session.user.id).toBe(userId);

    const byForm = await form("", { grant_type: "refresh_token", refresh_token: session.refresh_token });
    expect(byForm.status).toBe(200);
    expect(((await byForm.json()) as { user: { id: string } }).user.id).toBe(userId);

    const wrong = await form("?grant_type=password", { email, password: "not the password" });
    expect([wrong.status, await wrong.json()]).toEqual([400, { code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" }]);
  });
});

describe("auth-js resetPasswordForEmail without mail", () => {
  it("answers GoTrue's shape naming SMTP_URL, the same for a known and an unknown address", async () => {
    const { email } = await signedUp();
    const known = await client().resetPasswordForEmail(email);
    const unknown = await client().resetPasswordForEmail(uniqueEmail("nobody"));
    expect(known.data).toBeNull();
    expect(known.error).toMatchObject({ status: 422, code: "email_provider_disabled", message: "Password recovery needs mail, and mail is not configured: set SMTP_URL" });
    expect(unknown.error).toMatchObject({ status: 422, code: "email_provider_disabled", message: known.error!.message });
  });

  for (const [name, value] of Object.entries(HOSTILE)) {
    it(`refuses a hostile address (${name}) with GoTrue's shape, never a 500`, async () => {
      const res = await fetch(`${service.url}/auth/v1/recover`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: value }) });
      const body = await res.json();
      expect([400, 413]).toContain(res.status);
      expect(body).toMatchObject({ code: res.status, error_code: res.status === 413 ? "request_too_large" : "validation_failed" });
    });
  }
});

describe("auth-js passwordless and re-authentication without mail", () => {
  it("signInWithOtp, resend and reauthenticate answer GoTrue's shape naming SMTP_URL", async () => {
    const { auth, email } = await signedUp();
    expect((await client().signInWithOtp({ email })).error).toMatchObject({
      status: 422,
      code: "email_provider_disabled",
      message: "Sign-in by email link or code needs mail, and mail is not configured: set SMTP_URL",
    });
    expect((await client().resend({ type: "signup", email })).error).toMatchObject({ status: 422, code: "email_provider_disabled", message: "Resending a confirmation needs mail, and mail is not configured: set SMTP_URL" });
    expect((await auth.reauthenticate()).error).toMatchObject({ status: 422, code: "email_provider_disabled", message: "Re-authentication needs mail, and mail is not configured: set SMTP_URL" });
  });

  it("phone sign-up and sign-in get GoTrue's phone_provider_disabled", async () => {
    expect((await client().signUp({ phone: "+15555550100", password: PASSWORD })).error).toMatchObject({ status: 400, code: "phone_provider_disabled", message: "Phone signups are disabled" });
    expect((await client().signInWithOtp({ phone: "+15555550100" })).error).toMatchObject({ status: 400, code: "phone_provider_disabled", message: "Unsupported phone provider" });
  });

  it("verifyOtp with a code never sent is GoTrue's 403 otp_expired", async () => {
    const { email } = await signedUp();
    expect((await client().verifyOtp({ email, token: "123456", type: "email" })).error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${service.url}/auth/v1/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  for (const [name, value] of Object.entries(HOSTILE)) {
    it(`answers hostile strings (${name}) in otp, verify and resend fields with GoTrue's shape, never a 500`, async () => {
      const answers = [
        await post("otp", { email: value }),
        await post("otp", { email: "grace@example.com", data: { note: value } }),
        await post("verify", { type: "email", email: value, token: "123456" }),
        await post("verify", { type: "email", email: "grace@example.com", token: value }),
        await post("verify", { type: "magiclink", token_hash: value }),
        await post("verify", { type: value, token_hash: "x" }),
        await post("resend", { type: "signup", email: value }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).toMatchObject({ code: answer.status, error_code: expect.any(String), msg: expect.any(String) });
      }
    });
  }
});

describe("auth-js anonymous and provider sign-in, off", () => {
  it("signInAnonymously answers GoTrue's 422 anonymous_provider_disabled and creates nothing", async () => {
    // Anonymous rows only: other suites sign people up on this shared service meanwhile.
    const { rows: before } = await service.db.query(`select count(*)::int as n from auth_users where is_anonymous`);
    const { data, error } = await client().signInAnonymously({ options: { data: { theme: "dark" } } });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: "anonymous_provider_disabled", message: "Anonymous sign-ins are disabled" });
    const { rows: after } = await service.db.query(`select count(*)::int as n from auth_users where is_anonymous`);
    expect(after[0].n).toBe(before[0].n);
  });

  it("signInWithOAuth's URL answers GoTrue's JSON error, never a page or a 404", async () => {
    const { data } = await client().signInWithOAuth({ provider: "github", options: { skipBrowserRedirect: true, redirectTo: `${service.url}/dashboard` } });
    const res = await fetch(data.url!, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "Unsupported provider: provider is not enabled" });
    const unknown = await fetch(`${service.url}/auth/v1/authorize?provider=nope`);
    expect(await unknown.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "Unsupported provider: Provider nope could not be found" });
  });

  for (const [name, value] of Object.entries(HOSTILE)) {
    it(`answers a hostile provider name (${name}) with GoTrue's 400, not echoing it`, async () => {
      const res = await fetch(`${service.url}/auth/v1/authorize?${new URLSearchParams({ provider: value.slice(0, 2000) })}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "Unsupported provider: Provider could not be found" });
    });
  }
});

/**
 * Sign-in ways through an outside identity, which the built-in provider does not have: auth-js
 * gets GoTrue's own answer for each when it is switched off (a readable `msg` and GoTrue's code),
 * never a bare 404 or an unsupported grant type.
 */
describe("auth-js sign-ins the built-in provider does not offer", () => {
  it("answers signInWithSSO, signInWithIdToken and signInWithWeb3 as a GoTrue with them off", async () => {
    const auth = client();
    const sso = await auth.signInWithSSO({ domain: "example.com" });
    expect(sso.error).toMatchObject({ status: 404, code: "saml_provider_disabled", message: "SAML 2.0 is disabled" });
    const idToken = await auth.signInWithIdToken({ provider: "google", token: "an-id-token" });
    expect(idToken.data.session).toBeNull();
    expect(idToken.error).toMatchObject({ status: 400, code: "provider_disabled", message: 'Provider (issuer "https://accounts.google.com") is not enabled' });
    const web3 = await auth.signInWithWeb3({ chain: "ethereum", message: "Sign in", signature: "0x00" } as never);
    expect(web3.data.session).toBeNull();
    expect(web3.error).toMatchObject({ status: 422, code: "web3_provider_disabled", message: "Web3 provider is disabled" });
  });

  it("answers linkIdentity and unlinkIdentity with manual_linking_disabled for a signed-in person, and asks a stranger for a token first", async () => {
    const { auth } = await signedUp();
    const linked = await auth.linkIdentity({ provider: "google", options: { skipBrowserRedirect: true } });
    expect(linked.error).toMatchObject({ status: 404, code: "manual_linking_disabled", message: "Manual linking is disabled" });
    const { data } = await auth.getUserIdentities();
    const unlinked = await auth.unlinkIdentity(data!.identities[0]!);
    expect(unlinked.error).toMatchObject({ status: 404, code: "manual_linking_disabled", message: "Manual linking is disabled" });
    const stranger = await fetch(`${service.url}/auth/v1/user/identities/authorize?provider=google`);
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual({ code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" });
  });
});
