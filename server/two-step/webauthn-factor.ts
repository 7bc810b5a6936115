import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { webauthnLibrary } from "./passkeys/webauthn-library";
import { IDENTITY } from "../identity";
import { IdentityError, publishSessionRevoked, raiseSessionToAal2, type TokenResponse } from "../identity";
import { checkAssertion, checkRegistration, type StoredCredential } from "./passkeys/ceremonies";
import { verificationFailed } from "./passkeys/ceremony-body";
import { userHandleOf } from "./passkeys/registration";
import { assertRequestedRelyingParty, relyingParty } from "./passkeys/relying-party";
import { CHALLENGE_SECONDS, challengeNotFound, consumeFactorChallenge, createFactorChallenge, validateFactorChallenge } from "./factor-challenges";
import { factorRowsOf, type FactorRow } from "./factor-rows";
import { markFactorVerified } from "./factor-verified";
import type { MfaCaller } from "./mfa-caller";
import { sqlOf } from "../platform/db/sql-of";

/**
 * GoTrue's `enrollWebAuthnFactor`: an unverified factor with no credential yet. It holds no
 * secret, so unlike TOTP it needs no encryption key; the create ceremony fills it in.
 */
export async function enrollWebAuthnFactor(em: EntityManager, userId: string, friendlyName: string) {
  const id = randomUUID();
  await sqlOf(em)(`insert into auth_mfa_factors (id, user_id, friendly_name, factor_type, status) values (?, ?, ?, 'webauthn', 'unverified')`, [id, userId, friendlyName]);
  return { id, type: "webauthn" as const, friendly_name: friendlyName };
}

/** The credential a verified factor keeps in `web_authn_credential`: the public key as base64url. */
interface FactorCredential {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
}

const storedCredentialOf = (factor: FactorRow): StoredCredential | null => {
  const credential = factor.web_authn_credential as FactorCredential | null;
  if (!credential?.id) return null;
  return { id: credential.id, publicKey: Buffer.from(credential.public_key, "base64url"), counter: credential.counter, transports: credential.transports };
};

const webAuthnParams = (fields: Record<string, unknown>): Record<string, unknown> | null => {
  const params = fields.webauthn;
  return params !== null && typeof params === "object" && !Array.isArray(params) ? (params as Record<string, unknown>) : null;
};

/**
 * GoTrue's `challengeWebAuthnFactor`: creation options for an unverified factor (the account's
 * other WebAuthn factors excluded, so one key is not enrolled twice), request options naming
 * the factor's own credential for a verified one. A second factor beside a password, so user
 * verification is preferred, not required: a security key without a PIN is enough, as in GoTrue.
 */
export async function challengeWebAuthnFactor(em: EntityManager, caller: MfaCaller, factor: FactorRow, fields: Record<string, unknown>) {
  assertRequestedRelyingParty(webAuthnParams(fields) ?? {});
  const rp = relyingParty();
  const timeout = CHALLENGE_SECONDS * 1000;
  const stored = storedCredentialOf(factor);
  const { generateAuthenticationOptions, generateRegistrationOptions } = await webauthnLibrary();
  if (factor.status === "verified" && stored) {
    const options = await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [{ id: stored.id, transports: stored.transports as never }], userVerification: "preferred", timeout });
    return answer(await createFactorChallenge(em, factor.id, caller.clientAddress, options.challenge), "request", options);
  }
  const others = (await factorRowsOf(em, caller.user.id)).map(storedCredentialOf).filter((credential) => credential !== null);
  const name = caller.user.email || caller.user.id;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: name,
    userID: userHandleOf(caller.user.id),
    userDisplayName: name,
    attestationType: "none",
    timeout,
    excludeCredentials: others.map((credential) => ({ id: credential.id, transports: credential.transports as never })),
    authenticatorSelection: { residentKey: "discouraged", userVerification: "preferred" },
  });
  return answer(await createFactorChallenge(em, factor.id, caller.clientAddress, options.challenge), "create", options);
}

/** GoTrue's `ChallengeFactorResponse` for WebAuthn: the options as `credential_options.publicKey`, binaries base64url. */
const answer = (challenge: { id: string; expiresAt: number }, type: "create" | "request", publicKey: object) => ({
  id: challenge.id,
  type: "webauthn" as const,
  expires_at: challenge.expiresAt,
  webauthn: { type, credential_options: { publicKey } },
});

/** GoTrue's checks of a WebAuthn verify's body, in its order and words. */
function verifyParams(fields: Record<string, unknown>, factor: FactorRow) {
  const params = webAuthnParams(fields);
  if (!params) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "WebAuthn config required");
  const type = params.type;
  if (type !== "create" && type !== "request") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "WebAuthn type must be create or request");
  const response = params.credential_response;
  if (response === undefined || response === null) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "credential_response required");
  if (typeof response !== "object" || Array.isArray(response)) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Invalid credential_response");
  assertRequestedRelyingParty(params);
  // The challenge made creation options for an unverified factor and request options for a verified one.
  const expected = factor.status === "verified" ? "request" : "create";
  if (type !== expected) throw new IdentityError(IDENTITY.VALIDATION_FAILED, `WebAuthn type must be ${expected} for ${factor.status === "verified" ? "a verified" : "an unverified"} factor`);
  return { type, response: response as Record<string, unknown> };
}

/**
 * GoTrue's `verifyWebAuthnFactor`: the challenge is checked (same address, alive) and used up,
 * then the ceremony: `create` stores the credential and verifies the factor, `request` checks
 * the assertion against the factor's credential. Either raises the session to `aal2`, amr
 * `mfa/webauthn` (GoTrue's `MFAWebAuthn`), with new tokens, as a TOTP verify does.
 */
export async function verifyWebAuthnFactor(em: EntityManager, caller: MfaCaller, factor: FactorRow, fields: Record<string, unknown>): Promise<TokenResponse> {
  const { type, response } = verifyParams(fields, factor);
  const challengeId = typeof fields.challenge_id === "string" ? fields.challenge_id : "";
  const challenge = await validateFactorChallenge(em, factor.id, challengeId, caller.clientAddress);
  if (!challenge.web_authn_challenge) throw challengeNotFound();
  await consumeFactorChallenge(em, challenge.id);
  const raised =
    type === "create" ? await verifyCreate(em, caller, factor, response, challenge.web_authn_challenge) : await verifyRequest(em, caller, factor, response, challenge.web_authn_challenge);
  for (const sessionId of raised.ended) await publishSessionRevoked(em, sessionId);
  return raised.tokens;
}

async function verifyCreate(em: EntityManager, caller: MfaCaller, factor: FactorRow, response: Record<string, unknown>, expectedChallenge: string) {
  const info = await checkRegistration(response, expectedChallenge, false);
  const credential: FactorCredential = {
    id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString("base64url"),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
  };
  return em.transactional(async (tx) => {
    // A create verify that lost a race stored nothing: its key is not the factor's.
    if (!(await markFactorVerified(tx, caller, factor, credential))) throw verificationFailed();
    return raiseSessionToAal2(tx, caller.user, caller.sessionId, "mfa/webauthn");
  });
}

async function verifyRequest(em: EntityManager, caller: MfaCaller, factor: FactorRow, response: Record<string, unknown>, expectedChallenge: string) {
  const stored = storedCredentialOf(factor);
  // Another authenticator's assertion (even one of another factor) does not prove this factor.
  if (!stored || response.id !== stored.id) throw verificationFailed();
  const counter = await checkAssertion(response, expectedChallenge, stored, false);
  return em.transactional(async (tx) => {
    await sqlOf(tx)(`update auth_mfa_factors set web_authn_credential = jsonb_set(web_authn_credential, '{counter}', to_jsonb(?::bigint)), updated_at = now() where id = ?`, [counter, factor.id]);
    return raiseSessionToAal2(tx, caller.user, caller.sessionId, "mfa/webauthn");
  });
}
