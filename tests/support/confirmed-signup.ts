import type { FakeSmtp } from "../fakes/smtp";
import { api, sessionCookieFrom, uniqueEmail, type TestUser } from "./http";

/**
 * Sign-up on a service with SMTP_URL (docs/decisions/034): the form answers "check your
 * mail", the mailed link confirms the address, then the person signs in on /login, as a
 * browser would. The confirmation mail is taken out of the fake's inbox. Throws with the service's answer when a step is refused.
 */
export async function confirmedSignUp(service: { url: string }, smtp: FakeSmtp, email = uniqueEmail(), password = "correct horse battery"): Promise<TestUser> {
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${service.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: service.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const signedUp = await form("/signup", { email, password });
  if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const deadline = Date.now() + 5_000;
  let token: string | undefined;
  while (!token && Date.now() < deadline) {
    const mail = smtp.received.find((m) => m.to.includes(email) && m.raw.includes("confirm-email"));
    token = mail ? /confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.raw.replace(/=\r?\n/g, ""))?.[1] : undefined;
    if (!token) await new Promise((r) => setTimeout(r, 20));
  }
  if (!token) throw new Error(`no confirmation mail for ${email}`);
  // The sign-up's own mail is not what the calling test reads: it leaves the fake's inbox.
  const index = smtp.received.findIndex((m) => m.to.includes(email) && m.raw.includes("confirm-email"));
  smtp.received.splice(index, 1);
  const confirmed = await form(`/confirm-email/${token}`, {});
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status}`);
  const signedIn = await form("/login", { email, password });
  const cookie = sessionCookieFrom(signedIn.headers);
  if (signedIn.status !== 302 || !cookie) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const me = await api(service, "/api/auth/me", { cookie });
  return { email, password, cookie, userId: me.body.userId };
}
