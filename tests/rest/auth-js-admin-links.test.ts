import { AuthClient } from "@supabase/auth-js";
import { describe, expect, it } from "vitest";
import { HOSTILE } from "../support/hostile-strings";
import { uniqueEmail } from "../support/http";
import { mailTo as nthMailTo, suiteServiceWithMail } from "../support/mail-service";

/**
 * Issue 16: GoTrue's admin `generate_link` and `invite`, driven by an unmodified auth-js
 * `auth.admin` with the service-role key. Every link and code they give must sign the person
 * in at /auth/v1/verify, once; any other bearer gets 403 `not_admin`; bad input writes nothing.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.YWRtaW4tbGlua3Mta2V5";
const PASSWORD = "correct horse battery";
const { smtp, service } = suiteServiceWithMail({ label: "authjs-admin-links", env: { SERVICE_ROLE_KEY } });

const client = (key: string) =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
const admin = () => client(SERVICE_ROLE_KEY).admin;
const anon = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

/** Follows a link as a browser would: GoTrue's 303 with the session (or the error) in the fragment. */
async function follow(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: "manual" });
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  return new URLSearchParams(location.split("#")[1] ?? "");
}

/** Whom an access token signs in, as auth-js's getUser reads it. */
async function signedInAs(accessToken: string | null | undefined): Promise<string | undefined> {
  const { data, error } = await anon().getUser(accessToken ?? "");
  expect(error).toBeNull();
  return data.user?.email;
}

const accountRow = async (email: string) =>
  (await service.db.query(`select id, email, new_email, email_confirmed_at, invited_at from auth_users where email = $1`, [email])).rows[0];
const userCount = async () => (await service.db.query(`select count(*)::int as n from auth_users`)).rows[0].n as number;

async function confirmedAccount(email = uniqueEmail("links")) {
  const { data, error } = await admin().createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
  return { email, id: data.user!.id };
}

const mailTo = (to: string) => nthMailTo(smtp, to, 1, 10_000);

describe("auth.admin.generateLink", () => {
  it("signup: a new unconfirmed account with the password and data; its link signs in once and confirms the address", async () => {
    const email = uniqueEmail("gen-signup");
    const { data, error } = await admin().generateLink({ type: "signup", email, password: PASSWORD, options: { data: { status: "alpha" }, redirectTo: `${service.url}/welcome` } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { status: "alpha" } });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.properties).toMatchObject({ verification_type: "signup", redirect_to: `${service.url}/welcome` });
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.action_link).toBe(
      `${service.url}/auth/v1/verify?token=${data.properties!.hashed_token}&type=signup&redirect_to=${encodeURIComponent(`${service.url}/welcome`)}`,
    );
    expect((await accountRow(email)).email_confirmed_at).toBeNull();

    const fragment = await follow(data.properties!.action_link);
    expect(fragment.get("type")).toBe("signup");
    expect(await signedInAs(fragment.get("access_token"))).toBe(email);
    expect((await accountRow(email)).email_confirmed_at).not.toBeNull();
    expect((await anon().signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const again = await follow(data.properties!.action_link);
    expect(Object.fromEntries(again)).toMatchObject({ error_code: "otp_expired", error_description: "Email link is invalid or has expired" });
  });

  it("signup's code signs in too (verifyOtp with the address and email_otp), once", async () => {
    const email = uniqueEmail("gen-signup-code");
    const { data } = await admin().generateLink({ type: "signup", email, password: PASSWORD });
    const verified = await anon().verifyOtp({ email, token: data.properties!.email_otp, type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    expect((await anon().verifyOtp({ email, token: data.properties!.email_otp, type: "signup" })).error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("invite: an unconfirmed account with invited_at; its code signs in", async () => {
    const email = uniqueEmail("gen-invite");
    const { data, error } = await admin().generateLink({ type: "invite", email, options: { data: { team: "blue" } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { team: "blue" } });
    expect(data.user?.invited_at).toEqual(expect.any(String));
    expect(data.properties).toMatchObject({ verification_type: "invite", redirect_to: service.url });
    expect(data.properties!.action_link).toContain("type=invite");
    const verified = await anon().verifyOtp({ email, token: data.properties!.email_otp, type: "invite" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, invited_at: data.user!.invited_at });
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it("magiclink: the hashed_token signs the existing account in (verifyOtp token_hash)", async () => {
    const { email, id } = await confirmedAccount();
    const { data, error } = await admin().generateLink({ type: "magiclink", email });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.properties?.verification_type).toBe("magiclink");
    const verified = await anon().verifyOtp({ token_hash: data.properties!.hashed_token, type: "magiclink" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(id);
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
  });

  it("magiclink for an unknown address is GoTrue's signup link: the account is made, the link signs in", async () => {
    const email = uniqueEmail("gen-magic-new");
    const { data, error } = await admin().generateLink({ type: "magiclink", email });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({ verification_type: "signup" });
    expect(data.properties!.action_link).toContain("type=signup");
    expect(await accountRow(email)).toBeDefined();
    expect(await signedInAs((await follow(data.properties!.action_link)).get("access_token"))).toBe(email);
  });

  it("recovery: the link signs in (type=recovery in the fragment), and the session can set a new password", async () => {
    const { email } = await confirmedAccount();
    const { data, error } = await admin().generateLink({ type: "recovery", email, options: { redirectTo: "https://elsewhere.example/steal" } });
    expect(error).toBeNull();
    // Another origin is never a landing place: the link lands on BASE_URL.
    expect(data.properties?.redirect_to).toBe(service.url);
    const fragment = await follow(data.properties!.action_link);
    expect(fragment.get("type")).toBe("recovery");
    const auth = anon();
    expect((await auth.setSession({ access_token: fragment.get("access_token")!, refresh_token: fragment.get("refresh_token")! })).error).toBeNull();
    expect((await auth.updateUser({ password: "a recovered passphrase" })).error).toBeNull();
    expect((await anon().signInWithPassword({ email, password: "a recovered passphrase" })).error).toBeNull();
  });

  it("email_change_current: new_email waits in the user; following the link makes it the account's address", async () => {
    const { email, id } = await confirmedAccount();
    const newEmail = uniqueEmail("gen-change-current");
    const { data, error } = await admin().generateLink({ type: "email_change_current", email, newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email, new_email: newEmail });
    expect(data.properties?.verification_type).toBe("email_change_current");
    expect(data.properties!.action_link).toContain("type=email_change&");
    expect(await accountRow(email)).toMatchObject({ new_email: newEmail });

    const fragment = await follow(data.properties!.action_link);
    expect(await signedInAs(fragment.get("access_token"))).toBe(newEmail);
    expect(await accountRow(newEmail)).toMatchObject({ id, new_email: null });
    expect(await accountRow(email)).toBeUndefined();
  });

  it("email_change_new: the code, given with the new address, applies the change", async () => {
    const { email, id } = await confirmedAccount();
    const newEmail = uniqueEmail("gen-change-new");
    const { data } = await admin().generateLink({ type: "email_change_new", email, newEmail });
    const verified = await anon().verifyOtp({ email: newEmail, token: data.properties!.email_otp, type: "email_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id, email: newEmail });
    expect((await anon().signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it("answers GoTrue's refusals and writes no row", async () => {
    const taken = await confirmedAccount();
    const other = await confirmedAccount();
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, object]> = [
      [{ type: "signup", email: "", password: PASSWORD }, { status: 400, code: "validation_failed", message: "An email address is required" }],
      [{ type: "signup", email: "not-an-address", password: PASSWORD }, { status: 400, code: "validation_failed", message: "Unable to validate email address: invalid format" }],
      [{ type: "signup", email: uniqueEmail("no-password") }, { status: 400, code: "validation_failed", message: "Signup requires a valid password" }],
      [{ type: "signup", email: uniqueEmail("short-password"), password: "short" }, { status: 422, code: "weak_password" }],
      [{ type: "teleport", email: uniqueEmail("bad-type") }, { status: 400, code: "validation_failed", message: "Invalid email action link type requested: teleport" }],
      [{ type: "recovery", email: uniqueEmail("nobody") }, { status: 404, code: "user_not_found", message: "User with this email not found" }],
      [{ type: "signup", email: taken.email, password: PASSWORD }, { status: 422, code: "email_exists", message: "A user with this email address has already been registered" }],
      [{ type: "invite", email: taken.email }, { status: 422, code: "email_exists" }],
      [{ type: "email_change_new", email: taken.email, newEmail: other.email.toUpperCase() }, { status: 422, code: "email_exists" }],
    ];
    for (const [params, expected] of cases) {
      const { data, error } = await admin().generateLink(params as never);
      expect(error, JSON.stringify(params)).toMatchObject(expected);
      expect(data).toEqual({ properties: null, user: null });
    }
    for (const [name, value] of Object.entries(HOSTILE)) {
      const { error } = await admin().generateLink({ type: "invite", email: value });
      const expected = value.length > 100_000 ? { status: 413, code: "request_too_large" } : { status: 400, code: "validation_failed" };
      expect(error, name).toMatchObject(expected);
      const invited = await admin().inviteUserByEmail(`${value}@example.com`);
      expect(invited.error, name).toMatchObject(expected);
    }
    expect(await userCount()).toBe(before);
  });

  it("answers hostile metadata values with GoTrue's shape, never a 500: kept as given, or refused without a row", async () => {
    for (const [name, value] of Object.entries(HOSTILE)) {
      const email = uniqueEmail("hostile-data");
      const { data, error } = await admin().generateLink({ type: "invite", email, options: { data: { note: value } } });
      if (error) {
        expect(error.status, name).toBeLessThan(500);
        expect(error.code, name).toEqual(expect.any(String));
        expect(await accountRow(email), name).toBeUndefined();
      } else {
        expect(data.user?.user_metadata, name).toEqual({ note: value });
      }
    }
  });
});

describe("auth.admin.inviteUserByEmail", () => {
  it("makes an unconfirmed account with invited_at and mails a link that signs in; the person then sets a password", async () => {
    const email = uniqueEmail("invited");
    const { data, error } = await admin().inviteUserByEmail(email, { data: { status: "alpha" }, redirectTo: `${service.url}/welcome` });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { status: "alpha" } });
    expect(data.user?.invited_at).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect((await accountRow(email)).invited_at).not.toBeNull();

    const raw = await mailTo(email);
    expect(raw).toContain("Subject: You have been invited");
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?token=[A-Za-z0-9_-]{43}&type=invite&redirect_to=\S+)/.exec(raw)![1]!;
    expect(link).toContain(`redirect_to=${encodeURIComponent(`${service.url}/welcome`)}`);
    const fragment = await follow(link);
    expect(fragment.get("type")).toBe("invite");
    const auth = anon();
    expect((await auth.setSession({ access_token: fragment.get("access_token")!, refresh_token: fragment.get("refresh_token")! })).error).toBeNull();
    expect((await auth.getUser()).data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
    expect((await auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect((await anon().signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it("refuses an address a confirmed account has, and an invalid one, with GoTrue's answers", async () => {
    const { email } = await confirmedAccount();
    expect((await admin().inviteUserByEmail(email)).error).toMatchObject({ status: 422, code: "email_exists" });
    const invalid = await admin().inviteUserByEmail("invalid-email");
    expect(invalid.error).toMatchObject({ status: 400, code: "validation_failed", message: "Unable to validate email address: invalid format" });
    expect(invalid.data.user).toBeNull();
  });
});

describe("any other bearer", () => {
  it("gets GoTrue's 403 not_admin from both, a user's access token included, and writes nothing", async () => {
    const { email: person } = await confirmedAccount();
    const signed = await anon().signInWithPassword({ email: person, password: PASSWORD });
    const before = await userCount();
    for (const key of [signed.data.session!.access_token, "anon", `${SERVICE_ROLE_KEY}x`]) {
      const email = uniqueEmail("sneaky-link");
      expect((await client(key).admin.generateLink({ type: "signup", email, password: PASSWORD })).error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
      expect((await client(key).admin.inviteUserByEmail(email)).error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
    }
    expect(await userCount()).toBe(before);
    expect(smtp.received.filter((m) => m.to.some((to: string) => to.includes("sneaky-link")))).toHaveLength(0);
  });
});
