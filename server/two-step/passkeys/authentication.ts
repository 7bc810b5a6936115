import { PASSKEYS } from "./error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { webauthnLibrary } from "./webauthn-library";
import { AuthUser, BuiltInIdentityProvider, IdentityError, type TokenResponse } from "../../identity";
import { sqlOf } from "../../platform/db/sql-of";
import { ceremonyBody, verificationFailed } from "./ceremony-body";
import { checkAssertion } from "./ceremonies";
import { CHALLENGE_SECONDS, consumeChallenge, storeChallenge } from "./challenges";
import { passkeyByCredentialId } from "./passkey-rows";
import { relyingParty } from "./relying-party";
import { userHandleOf } from "./registration";

/**
 * GoTrue's `POST /passkeys/authentication/options`: a discoverable-credential request (no
 * `allowCredentials`), so the browser offers whichever passkey of this site it holds, also
 * through autofill. The challenge belongs to nobody until it is answered.
 */
export async function authenticationOptions(em: EntityManager) {
  const rp = relyingParty();
  const { generateAuthenticationOptions } = await webauthnLibrary();
  const options = await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: "required", timeout: CHALLENGE_SECONDS * 1000 });
  const stored = await storeChallenge(em, "authentication", null, options.challenge);
  return { challenge_id: stored.id, options, expires_at: stored.expiresAt };
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/**
 * GoTrue's `POST /passkeys/authentication/verify`: the challenge is used up, the credential
 * found by its id (an authenticator registered nowhere here is refused like a bad signature),
 * its user handle checked against its owner, and the assertion verified with user
 * verification required. The answer is a new session at `aal2`, `amr` method `webauthn`.
 */
export async function authenticationVerify(em: EntityManager, fields: Record<string, unknown>): Promise<TokenResponse> {
  const { challengeId, credential } = ceremonyBody(fields);
  const challenge = await consumeChallenge(em, "authentication", null, challengeId);
  const response = credential as unknown as AuthenticationResponseJSON;
  const passkey = typeof response.id === "string" ? await passkeyByCredentialId(em, response.id) : null;
  if (!passkey) throw verificationFailed();
  const userHandle = response.response?.userHandle;
  if (userHandle !== undefined && userHandle !== base64url(userHandleOf(passkey.user_id))) throw verificationFailed();
  const newCounter = await checkAssertion(credential, challenge, { id: passkey.credential_id, publicKey: passkey.public_key, counter: Number(passkey.sign_count), transports: passkey.transports }, true);
  const user = await em.findOne(AuthUser, { id: passkey.user_id });
  if (!user) throw verificationFailed();
  if (user.email && !user.emailConfirmedAt) throw new IdentityError(PASSKEYS.EMAIL_NOT_CONFIRMED_403, "Email not confirmed");
  await sqlOf(em)(`update auth_passkeys set sign_count = ?, last_used_at = now(), updated_at = now() where id = ?`, [newCounter, passkey.id]);
  return new BuiltInIdentityProvider(em).startSession(user, "webauthn");
}
