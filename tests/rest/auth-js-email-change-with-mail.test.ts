import { AuthClient } from "@supabase/auth-js";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { mailTo, suiteServiceWithMail } from "../support/mail-service";

/**
 * Issue 16, 1: with mail (SMTP_URL), `updateUser({ email })` is GoTrue's secure change, driven
 * by an unmodified `@supabase/auth-js`: the address stays until the link mailed to the new
 * one is followed, and the user shows it as `new_email` meanwhile.
 */
describe("auth-js email change with mail", () => {
  const { smtp, service } = suiteServiceWithMail({ label: "authjs-mail" });

  const PASSWORD = "correct horse battery";
  const client = () =>
    new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
  /** The token of the link in the `count`-th mail to `to`, decoded from quoted-printable. */
  const linkTo = async (to: string, count = 1) => {
    const raw = await mailTo(smtp, to, count);
    return { raw, token: /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(raw)![1]! };
  };
  const follow = (token: string) =>
    fetch(`${service.url}/confirm-email/${token}`, { method: "POST", headers: { origin: service.url, "content-type": "application/x-www-form-urlencoded" }, body: "" });

  it("keeps the address until the link mailed to the new one is followed", async () => {
    const email = uniqueEmail("change-from");
    const auth = client();
    expect((await auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await follow((await linkTo(email)).token)).status).toBe(200);
    expect((await auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const next = uniqueEmail("change-to");
    const { data, error } = await auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    expect((await auth.getUser()).data.user).toMatchObject({ email, new_email: next });
    expect((await client().signInWithPassword({ email: next, password: PASSWORD })).error).toMatchObject({ code: "invalid_credentials" });

    const mail = await linkTo(next);
    expect(mail.raw).toContain("Subject: Confirm your new email address");
    expect((await follow(mail.token)).status).toBe(200);

    const user = (await auth.getUser()).data.user!;
    expect(user.email).toBe(next);
    expect(user.new_email).toBeUndefined();
    expect((await client().signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await client().signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: "invalid_credentials" });
  });
});
