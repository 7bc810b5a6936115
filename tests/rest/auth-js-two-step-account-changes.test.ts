import { AuthClient } from "@supabase/auth-js";
import { describe, expect, it } from "vitest";
import { authenticatorApp } from "../support/authenticator";
import { uniqueEmail } from "../support/http";
import { suiteServiceWithMail } from "../support/mail-service";

/**
 * Issue 27, 1 (ADR 061): once an account has a verified second factor, its password alone (an
 * `aal1` session) changes neither the password nor the address and ends none of the person's
 * other sessions; signing itself out still works. Driven by an unmodified `@supabase/auth-js`,
 * with mail (the fake SMTP server), so an address change would send its confirmation.
 */
const PASSWORD = "correct horse battery";
const { smtp, service } = suiteServiceWithMail({ label: "authjs-two-step-changes", env: { MAILER_AUTOCONFIRM: "true" } });

const client = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
/** What auth-js makes of GoTrue's 403 `session_not_found`: the session has ended. */
const ENDED = "AuthSessionMissingError";
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;
const INSUFFICIENT = { status: 401, code: "insufficient_aal", message: "AAL2 session is required to update email or password when MFA is enabled." };

async function signedIn(email: string, password = PASSWORD) {
  const auth = client();
  const { error } = await auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return auth;
}

/** A person whose first client enrolled and verified an authenticator app (aal2), and a second client signed in with the password alone (aal1). */
async function twoStepPerson() {
  const email = uniqueEmail("two-step-change");
  expect((await client().signUp({ email, password: PASSWORD })).error).toBeNull();
  const strong = await signedIn(email);
  const enrolled = await strong.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  expect(enrolled.error).toBeNull();
  const code = authenticatorApp(enrolled.data!.totp.secret);
  expect((await strong.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: code() })).error).toBeNull();
  const weak = await signedIn(email);
  expect((await weak.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
  return { email, strong, weak, factorId: enrolled.data!.id, code };
}

describe("a password alone and an account with a verified factor", () => {
  it("refuses a new password with GoTrue's 401 insufficient_aal; the old password still signs in", async () => {
    const { email, weak } = await twoStepPerson();
    const { data, error } = await weak.updateUser({ password: "a stolen session's passphrase" });
    expect(error).toMatchObject(INSUFFICIENT);
    expect(data.user).toBeNull();
    expect((await client().signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await client().signInWithPassword({ email, password: "a stolen session's passphrase" })).error).toMatchObject({ code: "invalid_credentials" });
  });

  it("refuses a new address: nothing pending, no mail to it", async () => {
    const { email, weak } = await twoStepPerson();
    const next = uniqueEmail("attacker-inbox");
    expect((await weak.updateUser({ email: next })).error).toMatchObject(INSUFFICIENT);
    const { rows } = await service.db.query(`select email, new_email from auth_users where email = $1`, [email]);
    expect(rows).toEqual([{ email, new_email: null }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(next)).toBe(0);
    // The same address, or metadata alone, changes nothing that signs in: still allowed, as in GoTrue.
    expect((await weak.updateUser({ email, data: { display_name: "Ada" } })).error).toBeNull();
  });

  it("refuses to end the other sessions (auth-js reports it) and the aal2 session stays; signing itself out works", async () => {
    const { strong, weak } = await twoStepPerson();
    expect((await weak.signOut({ scope: "others" })).error).toMatchObject({ status: 422, code: "insufficient_aal", message: "AAL2 session is required to sign out other sessions when MFA is enabled" });
    expect((await strong.getUser()).error).toBeNull();
    expect((await weak.getUser()).error).toBeNull();

    expect((await weak.signOut({ scope: "local" })).error).toBeNull();
    expect((await strong.getUser()).error).toBeNull();
    expect((await weak.getUser()).error).not.toBeNull();
  });

  it("a global sign-out from aal1 still works: a person can always sign out", async () => {
    const { strong, weak } = await twoStepPerson();
    expect((await weak.signOut()).error).toBeNull();
    expect((await strong.getUser()).error?.name).toBe(ENDED);
  });

  it("after the factor is verified in that session the same calls work", async () => {
    const { email, strong, weak, factorId, code } = await twoStepPerson();
    expect((await weak.mfa.challengeAndVerify({ factorId, code: code() })).error).toBeNull();
    expect((await weak.signOut({ scope: "others" })).error).toBeNull();
    expect((await strong.getUser()).error?.name).toBe(ENDED);

    const next = uniqueEmail("two-step-moved");
    const moved = await weak.updateUser({ email: next });
    expect(moved.error).toBeNull();
    expect(moved.data.user).toMatchObject({ email, new_email: next });
    expect((await weak.updateUser({ password: "a newer long passphrase" })).error).toBeNull();
    expect((await client().signInWithPassword({ email, password: "a newer long passphrase" })).error).toBeNull();
    const deadline = Date.now() + 5_000;
    while (mailsTo(next) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(mailsTo(next)).toBe(1);
  });

  it("without a verified factor, aal1 is the most there is: the password changes", async () => {
    const email = uniqueEmail("one-step-change");
    expect((await client().signUp({ email, password: PASSWORD })).error).toBeNull();
    const auth = await signedIn(email);
    expect((await auth.mfa.enroll({ factorType: "totp", friendlyName: "Unverified" })).error).toBeNull();
    expect((await auth.updateUser({ password: "a second passphrase" })).error).toBeNull();
    expect((await auth.signOut({ scope: "others" })).error).toBeNull();
  });
});
