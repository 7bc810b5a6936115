import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { suiteService, type RunningService, type StartOptions } from "./service";
import { suiteResource } from "./suite-resource";

/**
 * A suite's fake mail provider and its own service sending through it (`SMTP_URL`), both
 * started before the suite's tests and closed after them (see suiteResource):
 * `const { smtp, service } = suiteServiceWithMail({ label: "signup-mail" });`.
 */
export function suiteServiceWithMail(options: StartOptions & object): { smtp: FakeSmtp; service: RunningService } {
  const smtp = suiteResource(startFakeSmtp, (started) => started.close());
  const service = suiteService(() => ({ ...options, env: { SMTP_URL: smtp.url, ...options.env } }));
  return { smtp, service };
}

/**
 * The mails sent to `to` so far, waiting up to `waitMs` until there are `count`, each raw with
 * its quoted-printable soft line breaks and `=3D` undone (so links read as sent). Fewer than
 * `count` when they did not come.
 */
export async function mailsTo(smtp: FakeSmtp, to: string, count = 1, waitMs = 5_000): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  let mails = smtp.received.filter((m) => m.to.includes(to));
  while (mails.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    mails = smtp.received.filter((m) => m.to.includes(to));
  }
  return mails.map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/** The `count`-th mail to `to` (see mailsTo); throws when it did not come. */
export async function mailTo(smtp: FakeSmtp, to: string, count = 1, waitMs = 5_000): Promise<string> {
  const mail = (await mailsTo(smtp, to, count, waitMs))[count - 1];
  if (mail === undefined) throw new Error(`no mail #${count} to ${to}`);
  return mail;
}
