import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { uniqueEmail } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 16, 1: what GoTrue sends by mail, driven by an unmodified `@supabase/auth-js` against a
 * service with SMTP_URL (the fake SMTP server keeps every message): password recovery,
 * passwordless sign-in (magic link and six-digit code), resend, re-authentication.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.bWFpbC1mbG93cy1rZXk";
const PASSWORD = "correct horse battery";
let smtp: FakeSmtp;
let service: RunningService;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  service = await startService({ label: "authjs-mail-flows", env: { SMTP_URL: smtp.url, SERVICE_ROLE_KEY } });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await smtp?.close();
});

const client = (key = "anon") =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
const anon = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

/** The `count`-th mail to `to`, quoted-printable undone; waits for it to arrive. */
async function mailTo(to: string, count = 1): Promise<string> {
  const deadline = Date.now() + 5_000;
  let mails = smtp.received.filter((m) => m.to.includes(to));
  while (mails.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    mails = smtp.received.filter((m) => m.to.includes(to));
  }
  if (mails.length < count) throw new Error(`no mail #${count} to ${to}`);
  return mails[count - 1]!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

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
