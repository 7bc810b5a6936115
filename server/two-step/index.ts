/**
 * The two-step sign-in area's face (ADR 070): TOTP factors, recovery codes and passkeys
 * (WebAuthn), GoTrue's `/factors` and `/passkeys` APIs. It builds on the identity area's face;
 * the identity core never imports it.
 */
export { mfaApi } from "./mfa-api";
export { adminDeleteFactor, adminListFactors } from "./admin-factors";
export {
  adminFactorInput,
  adminFactorOutput,
  adminFactorsOutput,
  challengeFactorBody,
  challengeOutput,
  enrollFactorBody,
  enrollFactorOutput,
  factorIdOutput,
  factorInput,
  generateRecoveryCodesBody,
  recoveryCodeBody,
  recoveryCodesOutput,
  recoveryCodesStatusOutput,
  verifyFactorBody,
} from "./schemas";
export { passkeyApi } from "./passkeys/passkey-api";
export type { PasskeyListItem } from "./passkeys/passkey-rows";
export {
  passkeyAuthenticationOptionsOutput,
  passkeyInput,
  passkeyListItemOutput,
  passkeyListOutput,
  passkeyMetadataOutput,
  passkeyRegistrationOptionsOutput,
  passkeyRenameBody,
  passkeyVerifyBody,
} from "./passkeys/schemas";
export { twoStepMigrations } from "./migrations";
export { TWO_STEP, TWO_STEP_ERROR_CODES } from "./error-codes";
