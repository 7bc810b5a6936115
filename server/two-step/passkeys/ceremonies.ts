import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from "@simplewebauthn/server";
import { webauthnLibrary } from "./webauthn-library";
import { verificationFailed } from "./ceremony-body";
import { relyingParty } from "./relying-party";

/** A credential as a relying party keeps it: its id, COSE public key, signature counter, transports. */
export interface StoredCredential {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/**
 * A create ceremony's answer checked against its challenge, this service's RP id and origins
 * (relying-party.ts); anything the library refuses, or cannot parse, is GoTrue's
 * `webauthn_verification_failed`. Passkeys and the WebAuthn factor both register through here.
 */
export async function checkRegistration(credential: Record<string, unknown>, expectedChallenge: string, requireUserVerification: boolean) {
  const rp = relyingParty();
  const { verifyRegistrationResponse } = await webauthnLibrary();
  const verified = await verifyRegistrationResponse({
    response: credential as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification,
  }).catch(() => null);
  if (!verified?.verified) throw verificationFailed();
  return verified.registrationInfo;
}

/** A request ceremony's assertion checked against its challenge and the stored credential; the new counter. */
export async function checkAssertion(response: Record<string, unknown>, expectedChallenge: string, stored: StoredCredential, requireUserVerification: boolean): Promise<number> {
  const rp = relyingParty();
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  const verified = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification,
    credential: { id: stored.id, publicKey: new Uint8Array(stored.publicKey), counter: stored.counter, transports: stored.transports as AuthenticatorTransport[] },
  }).catch(() => null);
  if (!verified?.verified) throw verificationFailed();
  return verified.authenticationInfo.newCounter;
}
