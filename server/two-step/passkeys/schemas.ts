import { z } from "zod";

/**
 * Passkeys (`/auth/v1/passkeys…`): the tRPC input (the bearer, the path's ids, the raw body
 * GoTrue's own errors judge) and the documented shapes.
 */
export const passkeyInput = z.object({
  accessToken: z.string().default(""),
  passkeyId: z.string().default(""),
  userId: z.string().default(""),
  fields: z.record(z.string(), z.unknown()).default({}),
});

const uuid = z.string().describe("A UUID.");
const time = z.string().describe("ISO 8601.");
const webauthnOptions = (what: string) => z.record(z.string(), z.unknown()).describe(`WebAuthn's ${what} as JSON (base64url binaries), for \`@simplewebauthn/browser\` or auth-js.`);

export const passkeyRegistrationOptionsOutput = z.object({
  challenge_id: uuid.describe("Answer it at `/registration/verify` within 5 minutes, once."),
  options: webauthnOptions("`PublicKeyCredentialCreationOptions`: a discoverable credential, user verification required, the account's passkeys excluded"),
  expires_at: z.number().int().describe("Unix seconds."),
});
export const passkeyAuthenticationOptionsOutput = z.object({
  challenge_id: uuid.describe("Answer it at `/authentication/verify` within 5 minutes, once."),
  options: webauthnOptions("`PublicKeyCredentialRequestOptions`: no `allowCredentials` (any passkey of this site), user verification required"),
  expires_at: z.number().int().describe("Unix seconds."),
});
export const passkeyVerifyBody = z.object({
  challenge_id: z.string().describe("From the options."),
  credential: z.record(z.string(), z.unknown()).describe("The browser's credential, serialized as `@simplewebauthn/browser` and auth-js do."),
});
export const passkeyMetadataOutput = z.object({
  id: uuid,
  friendly_name: z.string().optional().describe("`Passkey` until renamed."),
  created_at: time,
});
export const passkeyListItemOutput = z.object({
  id: uuid,
  friendly_name: z.string().optional(),
  created_at: time,
  last_used_at: time.optional().describe("The last sign-in with it; absent before the first."),
});
export const passkeyListOutput = z.array(passkeyListItemOutput);
export const passkeyRenameBody = z.object({ friendly_name: z.string().max(120).describe("1 to 120 characters.") });
