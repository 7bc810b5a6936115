import { describe, expect, it } from "vitest";
import { api, createTenant, uniqueEmail, uniqueSlug } from "../support/http";
import { confirmedSignUp } from "../support/confirmed-signup";
import { suiteServiceWithMail } from "../support/mail-service";

/** With SMTP_URL set, "Forgot password?" mails a one-time link (docs/decisions/024), through a real SMTP server. */
describe("password reset by mail", () => {
  const { smtp, service } = suiteServiceWithMail({ label: "reset-mail", env: { LOG_LEVEL: "warn" } });

  const request = (email: string) =>
    api(service, "/forgot-password?_data=routes%2Fforgot-password", {
      method: "POST",
      body: new URLSearchParams({ email }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const SENT = "If an account exists for this email, a reset link is on its way. It works once, for 60 minutes.";
  /** The link in a message body (quoted-printable soft breaks undone). */
  const linkIn = (raw: string) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ""))?.[1];
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  it("offers the form, mails a link to the account's address, and the link sets the password", async () => {
    const page = await fetch(`${service.url}/forgot-password`);
    expect(await page.text()).toContain("Send reset link");
    const person = await confirmedSignUp(service, smtp);
    const res = await request(person.email.toUpperCase());
    expect([res.status, res.body]).toEqual([200, { ok: true, message: SENT, email: person.email.toUpperCase() }]);
    await expect.poll(() => mailsTo(person.email).length).toBe(1);
    const mail = mailsTo(person.email)[0]!;
    expect(mail.from).toBe("no-reply@127.0.0.1");
    expect(mail.raw).toMatch(/^Subject: Reset your svc password\r?$/m);
    const token = linkIn(mail.raw)!;
    expect(token).toBeDefined();
    const rows = await service.db.query("select issued_by, used_at from password_reset_links where user_id = $1", [person.userId]);
    expect(rows.rows).toEqual([{ issued_by: null, used_at: null }]);

    const done = await fetch(`${service.url}/reset-password/${token}`, {
      method: "POST",
      body: new URLSearchParams({ password: "mailed new passphrase" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect([done.status, done.headers.get("location")]).toEqual([302, "/login?notice=password-reset"]);
    expect((await api(service, "/api/auth/me", { cookie: person.cookie })).body.loggedIn).toBe(false);
  });

  it("answers an unknown address exactly the same and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const res = await request(email);
    expect([res.status, res.body]).toEqual([200, { ok: true, message: SENT, email }]);
    await settle();
    expect(mailsTo(email)).toEqual([]);
  });

  it("sends at most one mail a minute per account", async () => {
    const person = await confirmedSignUp(service, smtp);
    await request(person.email);
    await expect.poll(() => mailsTo(person.email).length).toBe(1);
    const again = await request(person.email);
    expect(again.body.message).toBe(SENT);
    await settle();
    expect(mailsTo(person.email)).toHaveLength(1);
    const rows = await service.db.query("select count(*)::int as n from password_reset_links where user_id = $1 and used_at is null", [person.userId]);
    expect(rows.rows[0].n).toBe(1);
  });

  it("a refused send changes nothing the visitor sees, and is logged", async () => {
    const person = await confirmedSignUp(service, smtp);
    smtp.refuse(true);
    try {
      const res = await request(person.email);
      expect([res.status, res.body.message]).toEqual([200, SENT]);
      await expect.poll(() => service.output()).toContain("could not send a password reset mail");
    } finally {
      smtp.refuse(false);
    }
    expect(mailsTo(person.email)).toEqual([]);
  });

  it("also mails an invitation to the person invited; a refused send still leaves the link to copy", async () => {
    const owner = await confirmedSignUp(service, smtp);
    await createTenant(service, owner, uniqueSlug("mail"), "Mail Test Workspace");
    const invitee = uniqueEmail("invitee");
    const created = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: owner.cookie, json: { email: invitee, role: "viewer" } });
    expect(created.status).toBe(201);
    await expect.poll(() => mailsTo(invitee).length).toBe(1);
    const raw = mailsTo(invitee)[0]!.raw.replace(/=\r?\n/g, "");
    expect(raw).toContain("Subject: You are invited to Mail Test Workspace");
    expect(raw).toContain(`${owner.email} invited you to the workspace Mail Test Workspace as viewer.`);
    expect(raw).toContain(created.body.url);

    smtp.refuse(true);
    try {
      const other = uniqueEmail("invitee2");
      const second = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: owner.cookie, json: { email: other, role: "member" } });
      expect(second.status).toBe(201);
      expect(second.body.url).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
      await settle();
      expect(mailsTo(other)).toHaveLength(0);
    } finally {
      smtp.refuse(false);
    }
  });
});
