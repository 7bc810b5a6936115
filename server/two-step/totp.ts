import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/** GoTrue's TOTP parameters (pquerna/otp defaults): SHA-1, 6 digits, 30 seconds, one step of skew. */
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = "SHA1";
const SKEW_STEPS = 1;

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** SVG markup, as GoTrue sends it (auth-js prefixes the data: URL itself). */
  qrSvg: string;
}

/** A new 160-bit secret, its otpauth:// URI and the QR code an authenticator app scans. */
export async function newTotpEnrolment(issuer: string, accountName: string): Promise<TotpEnrolment> {
  const totp = new TOTP({ issuer, label: accountName, algorithm: ALGORITHM, digits: DIGITS, period: PERIOD, secret: new Secret({ size: 20 }) });
  const uri = totp.toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "H", margin: 1 });
  return { secret: totp.secret.base32, uri, qrSvg };
}

/**
 * The time step a code belongs to, within one step either side of now, or null for a wrong
 * code. The caller refuses a step it already accepted (a replay within the window).
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD, timestamp: now, window: SKEW_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
