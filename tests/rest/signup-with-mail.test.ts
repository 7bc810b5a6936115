import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { mailsTo as waitForMails, suiteServiceWithMail } from "../support/mail-service";

/**
 * Issue 17, 1: with mail (SMTP_URL) a sign-up follows GoTrue's rule and reveals nothing about
 * whether an address has an account: a new address gets an unconfirmed account and a link, a
 * registered one a note to its owner, and both answer alike (the user, a made-up id for the
 * registered one, no session). Signing in before confirming answers GoTrue's 400.
 */
describe("sign-up with mail", () => {
  const { smtp, service } = suiteServiceWithMail({ label: "signup-mail" });

  const post = async (path: string, json: unknown) => {
    const res = await fetch(`${service.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const signIn = (email: string) => post("/auth/v1/token?grant_type=password", { email, password: "correct horse battery" });
  /** The mails to `to`, decoded from quoted-printable soft line breaks. */
  const mailsTo = (to: string, count: number) => waitForMails(smtp, to, count);
  const shape = (body: Record<string, unknown>) => Object.keys(body).sort();

  it("answers a new and a registered address alike, mails each, and confirms by the link", async () => {
    const email = uniqueEmail("confirm");
    const first = await post("/auth/v1/signup", { email, password: "correct horse battery" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email, aud: "authenticated", identities: [] });
    expect(first.body.access_token).toBeUndefined();
    expect(typeof first.body.confirmation_sent_at).toBe("string");
    const [confirmation] = await mailsTo(email, 1);
    const link = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(confirmation!)![1]!;
    expect(confirmation).toContain("Subject: Confirm your email address");

    expect(await signIn(email)).toEqual({ status: 400, body: { code: 400, error_code: "email_not_confirmed", msg: "Email not confirmed" } });

    const again = await post("/auth/v1/signup", { email, password: "another password entirely" });
    expect(again.status).toBe(first.status);
    expect(shape(again.body)).toEqual(shape(first.body));
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.access_token).toBeUndefined();
    const mails = await mailsTo(email, 2);
    expect(mails[1]).toContain("Subject: Someone tried to create an account with your address");
    expect(mails[1]).toContain(`If it was you, sign in at ${service.url}/login, or reset your password at ${service.url}/forgot-password.`);
    expect((await service.db.query("select count(*)::int as n from auth_users where email = $1", [email])).rows[0].n).toBe(1);

    const confirmed = await fetch(`${service.url}/confirm-email/${link}`, { method: "POST", headers: { origin: service.url, "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Address confirmed");
    const session = await signIn(email);
    expect(session.status).toBe(200);
    expect(typeof session.body.access_token).toBe("string");
  });

  it("the dashboard's sign-up says to check the mail for a new and a registered address alike", async () => {
    const email = uniqueEmail("dash");
    const page = async () => {
      const res = await fetch(`${service.url}/signup`, {
        method: "POST",
        headers: { origin: service.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: "correct horse battery", redirectTo: "/dashboard" }),
        redirect: "manual",
      });
      return { status: res.status, setCookie: res.headers.getSetCookie(), html: (await res.text()).replace(/<!-- -->/g, "") };
    };
    const fresh = await page();
    const repeated = await page();
    for (const answer of [fresh, repeated]) {
      expect(answer.status).toBe(200);
      expect(answer.setCookie).toEqual([]);
      expect(answer.html).toContain("Check your mail");
      expect(answer.html).toContain(`We sent a message to ${email}.`);
    }
    expect(await mailsTo(email, 2)).toHaveLength(2);
  });
});
