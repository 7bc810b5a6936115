import { PASSKEYS } from "./error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError, requireSecondFactorIfEnrolled } from "../../identity";
import type { PasskeyCaller } from "./passkey-caller";

/**
 * GoTrue's `requirePasskeyManagementAAL`: an account with a verified second factor adds or
 * removes passkeys only from a session that proved it (`aal2`), or a stolen password alone
 * could plant a passkey that signs in at `aal2`. The rule is the account's one (second-factor-rule.ts).
 */
export async function requirePasskeyManagementLevel(em: EntityManager, caller: PasskeyCaller): Promise<void> {
  await requireSecondFactorIfEnrolled(em, caller, () => new IdentityError(PASSKEYS.INSUFFICIENT_AAL_PASSKEYS, "AAL2 session is required to manage passkeys when MFA is enabled"));
}
