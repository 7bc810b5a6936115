import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../../platform/config";
import { log } from "../../platform/log";
import { canSendMail, sendMail } from "../../platform/mailer";
import { describeUserAgent } from "./user-agent";

/** A pair seen within this many days is known: no mail. */
export const KNOWN_PAIR_DAYS = 90;
export const NEW_SIGN_IN_SUBJECT = "New sign-in to your account";

/**
 * Remembers the browser-and-address pair of a new session and, with SMTP_URL set, tells the
 * person by mail when the pair was not seen for KNOWN_PAIR_DAYS. The pair is the browser and
 * system names without versions (a browser's update is no new device) and the address. The
 * account's first pair (its sign-up, or its first sign-in since this was built) sends
 * nothing: there is nothing yet to be new against. The mail is awaited, so the sign-in's
 * answer comes after it, but a failed send is logged and never fails the sign-in.
 */
export async function noteSignInDevice(
  em: EntityManager,
  user: { id: string; email: string },
  origin: { userAgent: string | null; ipAddress: string | null; at: Date },
): Promise<void> {
  const device = describeUserAgent(origin.userAgent);
  const address = origin.ipAddress ?? "";
  // The CTEs read the table as it was before the upsert: the pair's previous sighting and how many pairs there were.
  const rows = await em.getConnection().execute<{ previous: Date | null; pairs: number }[]>(
    `with previous as (select last_seen_at from auth_sign_in_devices where user_id = ? and browser = ? and address = ?),
          pairs as (select count(*)::int as n from auth_sign_in_devices where user_id = ?),
          upsert as (
            insert into auth_sign_in_devices (user_id, browser, address, last_seen_at) values (?, ?, ?, ?)
            on conflict (user_id, browser, address) do update set last_seen_at = excluded.last_seen_at
          )
     select (select last_seen_at from previous) as previous, (select n from pairs) as pairs`,
    [user.id, device.family, address, user.id, user.id, device.family, address, origin.at],
  );
  const { previous, pairs } = rows[0] ?? { previous: null, pairs: 0 };
  const knownSince = origin.at.getTime() - KNOWN_PAIR_DAYS * 86_400_000;
  const isNew = pairs > 0 && (!previous || new Date(previous).getTime() < knownSince);
  if (!isNew || !canSendMail() || !user.email) return;
  await sendMail({
    to: user.email,
    subject: NEW_SIGN_IN_SUBJECT,
    text: newSignInText({ ...device, address: origin.ipAddress, at: origin.at }),
  }).catch((error: unknown) => log.warn("new sign-in mail failed", { error: (error as Error).message }));
}

function newSignInText(signIn: { browser: string; system: string; address: string | null; at: Date }): string {
  const { baseUrl } = getConfig();
  return (
    `Your account was signed in to from a browser and address not seen in the last ${KNOWN_PAIR_DAYS} days.\n\n` +
    `Time: ${signIn.at.toISOString().replace("T", " ").slice(0, 19)} UTC\n` +
    `Browser: ${signIn.browser} on ${signIn.system}\n` +
    `Address: ${signIn.address ?? "unknown"}\n\n` +
    `If it was you, there is nothing to do. If not, sign that session out and change your password:\n` +
    `${baseUrl}/profile#sessions\n`
  );
}
