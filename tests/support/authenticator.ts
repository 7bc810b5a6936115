import { AuthClient } from "@supabase/auth-js";
import { Secret, TOTP } from "otpauth";
import type { TestUser } from "./http";

/**
 * An authenticator app: the code of the current 30-second step, or of the next one when the
 * current one was used already (the service accepts one step either side and each step once).
 */
export function authenticatorApp(secret: string): () => string {
  let lastStep = -1;
  return () => {
    const step = Math.max(TOTP.counter({ timestamp: Date.now() }), lastStep + 1);
    lastStep = step;
    return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
  };
}

/**
 * Gives a person a verified authenticator app and a set of recovery codes through the
 * GoTrue factor API (unmodified auth-js), as another client of theirs would.
 */
export async function enrolAuthenticator(service: { url: string }, person: TestUser): Promise<{ nextCode: () => string; recoveryCodes: string[]; secret: string }> {
  const auth = new AuthClient({
    url: `${service.url}/auth/v1`,
    headers: { apikey: "anon" },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    experimental: { recoveryCodes: true },
  });
  const signedIn = await auth.signInWithPassword({ email: person.email, password: person.password });
  if (signedIn.error) throw signedIn.error;
  const enrolled = await auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  if (enrolled.error) throw enrolled.error;
  const nextCode = authenticatorApp(enrolled.data.totp.secret);
  const verified = await auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: nextCode() });
  if (verified.error) throw verified.error;
  const generated = await auth.mfa.recoveryCodes.generate();
  if (generated.error) throw generated.error;
  return { nextCode, recoveryCodes: generated.data!.codes, secret: enrolled.data.totp.secret };
}
