import { getConfig } from "../../platform/config";
import { log } from "../../platform/log";
import { canSendMail, sendMail } from "../../platform/mailer";
import { describeUserAgent } from "./user-agent";

/** A pair seen within this many days is known: no mail. */
export const KNOWN_PAIR_DAYS = 90;
export const NEW_SIGN_IN_SUBJECT = "New sign-in to your account";

/**
 * The browser-and-address pair of a new session, as remembered: the browser and system names
 * without versions (a browser's update is no new device) and the address ("" when unknown).
 * The sign-in's own statement remembers it (session-opening.ts) and tells how it was seen before.
 */
export function signInDevicePair(origin: { userAgent: string | null; ipAddress: string | null }): { browser: string; address: string } {
  return { browser: describeUserAgent(origin.userAgent).family, address: origin.ipAddress ?? "" };
}

/**
 * With SMTP_URL set, tells the person by mail when the pair of a new session was not seen for
 * KNOWN_PAIR_DAYS (`previous`: its last sighting before this one; `pairs`: how many pairs the
 * account had). The account's first pair (its sign-up, or its first sign-in since this was
 * built) sends nothing: there is nothing yet to be new against. The mail is awaited, so the
 * sign-in's answer comes after it, but a failed send is logged and never fails the sign-in.
 */
export async function mailIfNewSignInDevice(
  user: { id: string; email: string },
  origin: { userAgent: string | null; ipAddress: string | null; at: Date },
  sighting: { previous: Date | null; pairs: number },
): Promise<void> {
  const { previous, pairs } = sighting;
  const knownSince = origin.at.getTime() - KNOWN_PAIR_DAYS * 86_400_000;
  const isNew = pairs > 0 && (!previous || new Date(previous).getTime() < knownSince);
  if (!isNew || !canSendMail() || !user.email) return;
  const device = describeUserAgent(origin.userAgent);
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
