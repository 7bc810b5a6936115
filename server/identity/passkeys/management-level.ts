import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "../../platform/error-codes";
import { factorRowsOf } from "../mfa/factor-rows";
import { IdentityError } from "../provider-types";
import type { PasskeyCaller } from "./passkey-caller";

/**
 * GoTrue's `requirePasskeyManagementAAL`: an account with a verified second factor adds or
 * removes passkeys only from a session that proved it (`aal2`), or a stolen password alone
 * could plant a passkey that signs in at `aal2`. Without a factor, `aal1` is the most there is.
 */
export async function requirePasskeyManagementLevel(em: EntityManager, caller: PasskeyCaller): Promise<void> {
  if (caller.aal === "aal2") return;
  const factors = await factorRowsOf(em, caller.user.id);
  if (factors.some((factor) => factor.status === "verified")) {
    throw new IdentityError(IDENTITY.INSUFFICIENT_AAL_PASSKEYS, "AAL2 session is required to manage passkeys when MFA is enabled");
  }
}
