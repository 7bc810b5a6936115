import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { uniqueEmail } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 31, ADR 076: with URI_ALLOW_LIST=http://localhost:5173/**, a single-page app on another
 * origin gets its magic link and signup link back; a site off the list gets BASE_URL instead.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.YWxsb3ctbGlzdC1rZXk";
const APP = "http://localhost:5173/cb";
let smtp: FakeSmtp;
let service: RunningService;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  service = await startService({ label: "redirect-allow-list", env: { SMTP_URL: smtp.url, SERVICE_ROLE_KEY, URI_ALLOW_LIST: "http://localhost:5173/**" } });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await smtp?.close();
});

const client = (key = "anon") => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon", Authorization: `Bearer ${key}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

async function mailedLink(to: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) return /(http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?\S+)/.exec(mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to}`);
}

/** The dashboard link (`/confirm-email/…`, `/reset-password/…`) in the mail to `to`. */
async function mailedPageLink(to: string, page: string): Promise<URL> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) return new URL(new RegExp(`(http://127\\.0\\.0\\.1:\\d+/${page}/\\S+)`).exec(mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to}`);
}

async function confirmedAccount() {
  const email = uniqueEmail("allowlist");
  const { error } = await client(SERVICE_ROLE_KEY).admin.createUser({ email, password: "correct horse battery", email_confirm: true });
  expect(error).toBeNull();
  return email;
}

describe("URI_ALLOW_LIST", () => {
  it("keeps a listed redirect_to in the magic link, and the link lands there with the session", async () => {
    const email = await confirmedAccount();
    expect((await client().signInWithOtp({ email, options: { emailRedirectTo: APP } })).error).toBeNull();
    const link = await mailedLink(email);
    expect(new URL(link).searchParams.get("redirect_to")).toBe(APP);
    const res = await fetch(link, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^http:\/\/localhost:5173\/cb#access_token=/);
  });

  it("sends a redirect_to off the list to BASE_URL", async () => {
    const email = await confirmedAccount();
    await client().signInWithOtp({ email, options: { emailRedirectTo: "http://evil.test/" } });
    const link = await mailedLink(email);
    expect(new URL(link).searchParams.get("redirect_to")).toBe(service.url);
  });

  it("keeps a listed redirect_to in an admin signup link and drops one off the list", async () => {
    const kept = await client(SERVICE_ROLE_KEY).admin.generateLink({ type: "signup", email: uniqueEmail("allowlist-signup"), password: "correct horse battery", options: { redirectTo: APP } });
    expect(kept.error).toBeNull();
    expect(kept.data.properties?.redirect_to).toBe(APP);
    const dropped = await client(SERVICE_ROLE_KEY).admin.generateLink({ type: "signup", email: uniqueEmail("allowlist-signup"), password: "correct horse battery", options: { redirectTo: "http://evil.test/" } });
    expect(dropped.data.properties?.redirect_to).toBe(service.url);
  });

  it("keeps a listed emailRedirectTo in the sign-up confirmation mail and turns one off the list into BASE_URL", async () => {
    const kept = uniqueEmail("allowlist-confirm");
    expect((await client().signUp({ email: kept, password: "correct horse battery", options: { emailRedirectTo: APP } })).error).toBeNull();
    const link = await mailedPageLink(kept, "confirm-email");
    expect(link.searchParams.get("redirect_to")).toBe(APP);
    const dropped = uniqueEmail("allowlist-confirm");
    expect((await client().signUp({ email: dropped, password: "correct horse battery", options: { emailRedirectTo: "http://evil.test/" } })).error).toBeNull();
    expect((await mailedPageLink(dropped, "confirm-email")).searchParams.get("redirect_to")).toBe(service.url);
  });

  it("keeps a listed redirectTo in the password reset mail and turns one off the list into BASE_URL", async () => {
    const kept = await confirmedAccount();
    expect((await client().resetPasswordForEmail(kept, { redirectTo: APP })).error).toBeNull();
    expect((await mailedPageLink(kept, "reset-password")).searchParams.get("redirect_to")).toBe(APP);
    const dropped = await confirmedAccount();
    expect((await client().resetPasswordForEmail(dropped, { redirectTo: "http://evil.test/" })).error).toBeNull();
    expect((await mailedPageLink(dropped, "reset-password")).searchParams.get("redirect_to")).toBe(service.url);
  });
});

describe("the mailed pages send the person back to the app that asked", () => {
  const post = (link: URL, body: string) =>
    fetch(link, { method: "POST", redirect: "manual", headers: { origin: service.url, "content-type": "application/x-www-form-urlencoded" }, body });
  const withReturn = (link: URL, target: string) => {
    const edited = new URL(link);
    edited.searchParams.set("redirect_to", target);
    return edited;
  };

  it("the confirmation page offers Continue to a listed emailRedirectTo, and its own Sign in otherwise", async () => {
    const kept = uniqueEmail("allowlist-back");
    expect((await client().signUp({ email: kept, password: "correct horse battery", options: { emailRedirectTo: APP } })).error).toBeNull();
    const confirmed = await post(await mailedPageLink(kept, "confirm-email"), "");
    const page = await confirmed.text();
    expect(confirmed.status).toBe(200);
    expect(page).toContain(`href="${APP}"`);
    expect(page).toContain(">Continue</a>");

    // A link whose redirect_to was edited to a site off the list, and one mailed without a listed one.
    const edited = uniqueEmail("allowlist-back");
    expect((await client().signUp({ email: edited, password: "correct horse battery", options: { emailRedirectTo: APP } })).error).toBeNull();
    const tampered = await (await post(withReturn(await mailedPageLink(edited, "confirm-email"), "http://evil.test/"), "")).text();
    expect(tampered).not.toContain("evil.test");
    expect(tampered).toContain('href="/login"');
    const dropped = uniqueEmail("allowlist-back");
    expect((await client().signUp({ email: dropped, password: "correct horse battery", options: { emailRedirectTo: "http://evil.test/" } })).error).toBeNull();
    const plain = await (await post(await mailedPageLink(dropped, "confirm-email"), "")).text();
    expect(plain).toContain('href="/login"');
    expect(plain).not.toContain(">Continue</a>");
  });

  it("the reset page sends the person to a listed redirectTo once the password is saved, and to /login otherwise", async () => {
    const kept = await confirmedAccount();
    expect((await client().resetPasswordForEmail(kept, { redirectTo: APP })).error).toBeNull();
    const saved = await post(await mailedPageLink(kept, "reset-password"), "password=a+new+long+password");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(APP);
    expect((await client().signInWithPassword({ email: kept, password: "a new long password" })).error).toBeNull();

    const edited = await confirmedAccount();
    expect((await client().resetPasswordForEmail(edited, { redirectTo: APP })).error).toBeNull();
    const tampered = await post(withReturn(await mailedPageLink(edited, "reset-password"), "http://evil.test/"), "password=a+new+long+password");
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get("location")).toBe("/login?notice=password-reset");
  });
});
