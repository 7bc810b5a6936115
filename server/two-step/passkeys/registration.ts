import { PASSKEYS } from "./error-codes";
import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { webauthnLibrary } from "./webauthn-library";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { IdentityError, personActor, recordAccountChange } from "../../identity";
import { sqlOf } from "../../platform/db/sql-of";
import { ceremonyBody } from "./ceremony-body";
import { checkRegistration } from "./ceremonies";
import { CHALLENGE_SECONDS, consumeChallenge, storeChallenge } from "./challenges";
import { requirePasskeyManagementLevel } from "./management-level";
import type { PasskeyCaller } from "./passkey-caller";
import { MAX_PASSKEYS, passkeysOf } from "./passkey-rows";
import { relyingParty } from "./relying-party";

/** GoTrue's name for a passkey whose authenticator it cannot name (it has no AAGUID list here). */
const DEFAULT_NAME = "Passkey";

const tooMany = () => new IdentityError(PASSKEYS.TOO_MANY_PASSKEYS, "Maximum number of passkeys reached");

/** The WebAuthn user handle: the account id's bytes, as GoTrue's `WebAuthnID`. */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

/**
 * GoTrue's `POST /passkeys/registration/options`: creation options for a discoverable
 * credential (the sign-in page asks for one without an email), the account's passkeys
 * excluded so one authenticator is not registered twice. User verification is required:
 * a passkey sign-in counts as two factors (ADR 048).
 */
export async function registrationOptions(em: EntityManager, caller: PasskeyCaller) {
  await requirePasskeyManagementLevel(em, caller);
  const existing = await passkeysOf(em, caller.user.id);
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  const rp = relyingParty();
  const name = caller.user.email || caller.user.id;
  const displayName = typeof caller.user.userMetadata?.name === "string" && caller.user.userMetadata.name !== "" ? caller.user.userMetadata.name : name;
  const { generateRegistrationOptions } = await webauthnLibrary();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: name,
    userID: userHandleOf(caller.user.id),
    userDisplayName: displayName,
    attestationType: "none",
    timeout: CHALLENGE_SECONDS * 1000,
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  const stored = await storeChallenge(em, "registration", caller.user.id, options.challenge);
  return { challenge_id: stored.id, options, expires_at: stored.expiresAt };
}

/**
 * GoTrue's `POST /passkeys/registration/verify`: the challenge is used up first, then the
 * attestation is checked against it, the RP id and the origin; the passkey is stored.
 */
export async function registrationVerify(em: EntityManager, caller: PasskeyCaller, fields: Record<string, unknown>) {
  await requirePasskeyManagementLevel(em, caller);
  const { challengeId, credential } = ceremonyBody(fields);
  const challenge = await consumeChallenge(em, "registration", caller.user.id, challengeId);
  const info = await checkRegistration(credential, challenge, true);
  const id = randomUUID();
  return em.transactional(async (tx) => {
    const sql = sqlOf(tx);
    // Counted again in the transaction, under a lock on the account: two verifies at once stop at the limit.
    await sql(`select 1 from auth_users where id = ? for update`, [caller.user.id]);
    const [{ count }] = await sql<{ count: string }[]>(`select count(*) from auth_passkeys where user_id = ?`, [caller.user.id]);
    if (Number(count) >= MAX_PASSKEYS) throw tooMany();
    const rows = await sql<{ created_at: Date }[]>(
      `insert into auth_passkeys (id, user_id, credential_id, public_key, sign_count, transports, aaguid, backup_eligible, backed_up, friendly_name)
         values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?) returning created_at`,
      [
        id,
        caller.user.id,
        info.credential.id,
        Buffer.from(info.credential.publicKey),
        info.credential.counter,
        JSON.stringify(info.credential.transports ?? []),
        info.aaguid,
        info.credentialDeviceType === "multiDevice",
        info.credentialBackedUp,
        DEFAULT_NAME,
      ],
    ).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new IdentityError(PASSKEYS.WEBAUTHN_CREDENTIAL_EXISTS, "This credential is already registered");
      throw error;
    });
    // Each of the person's workspaces sees a new way into the account, with the passkey (ADR 047).
    await recordAccountChange(tx, caller.user.id, { audit: "passkey.enrolled", data: { friendlyName: DEFAULT_NAME }, target: { type: "passkey", id }, actor: personActor(caller.user) });
    return { id, friendly_name: DEFAULT_NAME, created_at: new Date(rows[0]!.created_at).toISOString() };
  });
}
