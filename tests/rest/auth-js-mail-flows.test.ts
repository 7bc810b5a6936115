import { createHash } from "node:crypto";
import { AuthClient } from "@supabase/auth-js";
import { describe, expect, it } from "vitest";
import { HOSTILE } from "../support/hostile-strings";
import { uniqueEmail } from "../support/http";
import { mailTo as nthMailTo, suiteServiceWithMail } from "../support/mail-service";

/**
 * Issue 16, 1: what GoTrue sends by mail, driven by an unmodified `@supabase/auth-js` against a
 * service with SMTP_URL (the fake SMTP server keeps every message): password recovery,
 * passwordless sign-in (magic link and six-digit code), resend, re-authentication.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.bWFpbC1mbG93cy1rZXk";
const PASSWORD = "correct horse battery";
const { smtp, service } = suiteServiceWithMail({ label: "authjs-mail-flows", env: { SERVICE_ROLE_KEY } });

const client = (key = "anon") =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
const anon = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

/** The `count`-th mail to `to`, quoted-printable undone; waits for it to arrive. */
const mailTo = (to: string, count = 1) => nthMailTo(smtp, to, count);
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

/** `POST /auth/v1/otp` as it answers, status and body. */
async function otp(body: Record<string, unknown>) {
  const res = await fetch(`${service.url}/auth/v1/otp`, { method: "POST", headers: { apikey: "anon", "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json(), ...(res.status === 429 ? { retryAfter: res.headers.get("retry-after") } : {}) };
}

/** The address's mail interval (GoTrue's SMTP_MAX_FREQUENCY, 60 s) as if it had passed. */
async function intervalPassed(email: string, kind = "sign-in") {
  const key = `mail-to:${kind}:${createHash("sha256").update(email).digest("base64url")}`;
  const { rowCount } = await service.db.query(`update rate_limit_counters set window_start = now() - interval '61 seconds' where key = $1`, [key]);
  expect(rowCount).toBe(1);
}

/** A confirmed account with a password, made through the admin API (no confirmation mail). */
async function confirmedAccount(email = uniqueEmail("mailflow")) {
  const { data, error } = await client(SERVICE_ROLE_KEY).admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
  const auth = anon();
  expect((await auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { auth, email, userId: data.user!.id };
}

describe("resetPasswordForEmail with mail", () => {
  const resetToken = (raw: string) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(raw)![1]!;

  it("mails the reset link to a known address, answers an unknown one the same and mails it nothing", async () => {
    const { email } = await confirmedAccount();
    const unknown = uniqueEmail("nobody");
    const forUnknown = await anon().resetPasswordForEmail(unknown);
    const forKnown = await anon().resetPasswordForEmail(email);
    expect(forKnown).toEqual({ data: {}, error: null });
    expect(forUnknown).toEqual(forKnown);

    const raw = await mailTo(email);
    expect(raw).toContain("Subject: Reset your svc password");
    const page = await fetch(`${service.url}/reset-password/${resetToken(raw)}`);
    expect(page.status).toBe(200);
    await page.text();
    expect(mailsTo(unknown)).toBe(0);
  });

  it("a password changed another way kills the unused reset link", async () => {
    const { auth, email } = await confirmedAccount();
    expect((await anon().resetPasswordForEmail(email)).error).toBeNull();
    const token = resetToken(await mailTo(email));
    expect((await auth.updateUser({ password: "another long passphrase" })).error).toBeNull();

    const page = await fetch(`${service.url}/reset-password/${token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This reset link is not valid");
    const { rows } = await service.db.query(`select count(*)::int as n from password_reset_links l join auth_users u on u.id = l.user_id where u.email = $1`, [email]);
    expect(rows[0].n).toBe(0);
  });

  it("refuses a missing or malformed address with GoTrue's messages", async () => {
    const noEmail = await fetch(`${service.url}/auth/v1/recover`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(noEmail.status).toBe(400);
    expect(await noEmail.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "Password recovery requires an email" });
    expect((await anon().resetPasswordForEmail("not-an-address")).error).toMatchObject({ status: 400, code: "validation_failed", message: "Unable to validate email address: invalid format" });
  });
});

describe("signInWithOtp, verifyOtp: magic links and codes", () => {
  const codeIn = (raw: string) => /Or enter this code: (\d{6})/.exec(raw)![1]!;
  const linkIn = (raw: string) => /(http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?\S+)/.exec(raw)![1]!;

  it("signs a new address up and in with the mailed code, once; the address counts as confirmed", async () => {
    const email = uniqueEmail("otp-new");
    const sent = await anon().signInWithOtp({ email, options: { data: { display_name: "Ada <b>" } } });
    expect(sent).toEqual({ data: { user: null, session: null }, error: null });
    const raw = await mailTo(email);
    expect(raw).toContain("Subject: Your sign-in link");

    const auth = anon();
    const { data, error } = await auth.verifyOtp({ email, token: codeIn(raw), type: "email" });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({ email, user_metadata: { display_name: "Ada <b>" } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await auth.getUser()).data.user?.email).toBe(email);

    const again = await anon().verifyOtp({ email, token: codeIn(raw), type: "email" });
    expect(again.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
  });

  it("signs a known account in with the magic link: a 303 with GoTrue's fragment, and the link works once", async () => {
    const { email, userId } = await confirmedAccount();
    expect((await anon().signInWithOtp({ email, options: { emailRedirectTo: `${service.url}/dashboard?from=mail` } })).error).toBeNull();
    const link = linkIn(await mailTo(email));

    const res = await fetch(link, { redirect: "manual" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname + location.search).toBe(`${service.url}/dashboard?from=mail`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("type")).toBe("magiclink");
    const { data } = await anon().getUser(fragment.get("access_token")!);
    expect(data.user?.id).toBe(userId);

    const reused = await fetch(link, { redirect: "manual" });
    const failed = new URLSearchParams(new URL(reused.headers.get("location")!).hash.slice(1));
    expect(Object.fromEntries(failed)).toEqual({ error: "access_denied", error_code: "otp_expired", error_description: "Email link is invalid or has expired", sb: "" });
  });

  it("verifies a link's token as token_hash; a new request replaces the old code", async () => {
    const { email } = await confirmedAccount();
    await anon().signInWithOtp({ email });
    const first = await mailTo(email);
    await intervalPassed(email);
    expect((await anon().signInWithOtp({ email })).error).toBeNull();
    const second = await mailTo(email, 2);
    expect((await anon().verifyOtp({ email, token: codeIn(first), type: "email" })).error).toMatchObject({ status: 403, code: "otp_expired" });
    const tokenHash = new URL(linkIn(second)).searchParams.get("token")!;
    const { data, error } = await anon().verifyOtp({ token_hash: tokenHash, type: "magiclink" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await anon().verifyOtp({ token_hash: tokenHash, type: "magiclink" })).error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
  });

  it("sends a link to another site's redirect_to to BASE_URL instead", async () => {
    const { email } = await confirmedAccount();
    await anon().signInWithOtp({ email, options: { emailRedirectTo: "https://evil.example/steal" } });
    const res = await fetch(linkIn(await mailTo(email)), { redirect: "manual" });
    expect(res.headers.get("location")!).toMatch(new RegExp(`^${service.url}/#access_token=`));
  });

  it("with create_user false, answers an unknown address as a registered one, and creates and mails nothing", async () => {
    const { email: known } = await confirmedAccount();
    const email = uniqueEmail("otp-nocreate");
    const forUnknown = await otp({ email, create_user: false });
    const forKnown = await otp({ email: known, create_user: false });
    expect(forKnown).toEqual({ status: 200, body: {} });
    expect(forUnknown).toEqual(forKnown);
    await mailTo(known);
    const { rows } = await service.db.query(`select 1 from auth_users where email = $1`, [email]);
    expect(rows).toHaveLength(0);
    expect(mailsTo(email)).toBe(0);
    // Inside the interval both are refused alike: the limit counts the address, not the account.
    const againUnknown = await otp({ email, create_user: false });
    const againKnown = await otp({ email: known, create_user: false });
    const limited = { status: 429, retryAfter: expect.stringMatching(/^\d+$/), body: { code: 429, error_code: "over_email_send_rate_limit", msg: expect.stringMatching(/^For security purposes, you can only request this after \d+ seconds\.$/) } };
    expect(againKnown).toEqual(limited);
    expect(againUnknown).toEqual(limited);
  });

  it("mails one sign-in mail per address per 60 seconds: a second request is GoTrue's 429 and the first code still works", async () => {
    const { email } = await confirmedAccount();
    expect((await anon().signInWithOtp({ email })).error).toBeNull();
    const first = await mailTo(email);
    const again = await otp({ email });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ code: 429, error_code: "over_email_send_rate_limit", msg: expect.stringMatching(/^For security purposes, you can only request this after (59|60) seconds\.$/) });
    expect(Number(again.retryAfter)).toBeGreaterThanOrEqual(59);
    expect((await anon().signInWithOtp({ email })).error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toBe(1);
    const { data, error } = await anon().verifyOtp({ email, token: codeIn(first), type: "email" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it("refuses verify requests GoTrue refuses, with its messages", async () => {
    expect((await anon().verifyOtp({ email: uniqueEmail("nobody"), token: "123456", type: "email" })).error).toMatchObject({ status: 403, code: "otp_expired" });
    expect((await anon().verifyOtp({ email: "not-an-address", token: "123456", type: "email" })).error).toMatchObject({ status: 422, code: "validation_failed", message: "Invalid email format" });
    // No account has a phone: GoTrue's answer for a code never sent, after its E.164 check.
    expect((await anon().verifyOtp({ phone: "+15555550100", token: "123456", type: "sms" })).error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
    expect((await anon().verifyOtp({ phone: "12345678901234567890", token: "123456", type: "phone_change" })).error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Invalid phone number format (E.164 required)",
    });
  });
});

describe("sign-up of a registered address", () => {
  it("notes it to the owner once per 60 seconds; the answers stay alike", async () => {
    const { email } = await confirmedAccount();
    const first = await anon().signUp({ email, password: PASSWORD });
    const second = await anon().signUp({ email, password: PASSWORD });
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect(Object.keys(second.data.user!).sort()).toEqual(Object.keys(first.data.user!).sort());
    expect(await mailTo(email)).toContain("Subject: Someone tried to create an account with your address");
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toBe(1);
    await intervalPassed(email, "already-registered");
    expect((await anon().signUp({ email, password: PASSWORD })).error).toBeNull();
    expect(await mailTo(email, 2)).toContain("Subject: Someone tried to create an account with your address");
  });
});

describe("resend", () => {
  it("mails an unconfirmed sign-up its confirmation link again; an unknown address gets the same answer and no mail", async () => {
    const email = uniqueEmail("resend");
    expect((await anon().signUp({ email, password: PASSWORD })).error).toBeNull();
    await mailTo(email);
    const unknown = uniqueEmail("resend-nobody");
    expect(await anon().resend({ type: "signup", email: unknown })).toMatchObject({ data: { user: null, session: null }, error: null });
    expect(await anon().resend({ type: "signup", email })).toMatchObject({ data: { user: null, session: null }, error: null });
    expect(await mailTo(email, 2)).toContain("/confirm-email/");
    expect(mailsTo(unknown)).toBe(0);
  });
});

describe("reauthenticate before a password change from an old session", () => {
  const nonceIn = (raw: string) => /confirm it is you \(it works once, for 60 minutes\): (\d{6})/.exec(raw)![1]!;
  const age = (email: string) =>
    service.db.query(`update auth_sessions set created_at = now() - interval '25 hours' where user_id = (select id from auth_users where email = $1)`, [email]);

  it("needs the mailed nonce when the session is over 24 hours old, refuses a wrong one, takes the right one once", async () => {
    const { auth, email } = await confirmedAccount();
    await age(email);
    expect((await auth.updateUser({ password: "a newer passphrase" })).error).toMatchObject({ status: 400, code: "reauthentication_needed", message: "Password update requires reauthentication" });

    expect((await auth.reauthenticate()).error).toBeNull();
    const nonce = nonceIn(await mailTo(email));
    const wrong = nonce === "000000" ? "000001" : "000000";
    expect((await auth.updateUser({ password: "a newer passphrase", nonce: wrong })).error).toMatchObject({ status: 422, code: "reauthentication_not_valid", message: "Nonce has expired or is invalid" });
    expect((await anon().signInWithPassword({ email, password: "a newer passphrase" })).error).toMatchObject({ code: "invalid_credentials" });

    expect((await auth.updateUser({ password: "a newer passphrase", nonce })).error).toBeNull();
    expect((await anon().signInWithPassword({ email, password: "a newer passphrase" })).error).toBeNull();
  });

  it("mails one nonce a minute: a second request is GoTrue's 429 and the first nonce still works", async () => {
    const { auth, email } = await confirmedAccount();
    await age(email);
    expect((await auth.reauthenticate()).error).toBeNull();
    const nonce = nonceIn(await mailTo(email));
    expect((await auth.reauthenticate()).error).toMatchObject({ status: 429, code: "over_email_send_rate_limit", message: expect.stringMatching(/^For security purposes, you can only request this after \d+ seconds\.$/) });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toBe(1);
    expect((await auth.updateUser({ password: "a newer passphrase", nonce })).error).toBeNull();
  });

  it("refuses hostile nonces with GoTrue's 422 and keeps the password", async () => {
    const { auth, email } = await confirmedAccount();
    await age(email);
    for (const [name, value] of Object.entries(HOSTILE)) {
      const { error } = await auth.updateUser({ password: "hostile nonce passphrase", nonce: value });
      // A body over the edge's JSON limit never reaches the check.
      const expected = value.length > 100_000 ? { status: 413, code: "request_too_large" } : { status: 422, code: "reauthentication_not_valid" };
      expect(error, name).toMatchObject(expected);
    }
    expect((await anon().signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it("a fresh session changes the password without a nonce", async () => {
    const { auth, email } = await confirmedAccount();
    expect((await auth.updateUser({ password: "fresh session passphrase" })).error).toBeNull();
    expect((await anon().signInWithPassword({ email, password: "fresh session passphrase" })).error).toBeNull();
  });
});
