import { z } from "zod";
import { uuidOutput } from "../platform/validation/output";
import { factorOutput } from "../identity";
/** Two-step sign-in (`/auth/v1/factors…`): the bearer, the factor of the path, the raw body (GoTrue's own errors). */
export const factorInput = z.object({
  accessToken: z.string(),
  factorId: z.string().default(""),
  fields: z.record(z.string(), z.unknown()).default({}),
});
export const enrollFactorBody = z.object({
  factor_type: z.enum(["totp", "webauthn"]).describe("`totp`: an authenticator app; `webauthn`: a security key or platform authenticator, its credential made by the challenge and verify that follow. Phone factors are not offered."),
  friendly_name: z.string().max(200).optional().describe("Unique among the account's factors."),
  issuer: z.string().optional().describe("The issuer the app shows; the host of BASE_URL by default."),
});
const enrollTotpOutput = z.object({
  id: uuidOutput,
  type: z.literal("totp"),
  friendly_name: z.string(),
  totp: z.object({
    qr_code: z.string().describe("An SVG image of `uri` (auth-js turns it into a data: URL)."),
    secret: z.string().describe("Base32, for typing into an app by hand. Shown this once; stored sealed."),
    uri: z.string().describe("`otpauth://totp/…`"),
  }),
});
/** GoTrue answers a WebAuthn enrolment with the bare factor: no secret, the credential comes later. */
const enrollWebAuthnOutput = z.object({ id: uuidOutput, type: z.literal("webauthn"), friendly_name: z.string() });
export const enrollFactorOutput = z.discriminatedUnion("type", [enrollTotpOutput, enrollWebAuthnOutput]);
const challengeExpiry = z.number().int().describe("Unix seconds: 5 minutes after the challenge.");
const totpChallengeOutput = z.object({ id: uuidOutput, type: z.literal("totp"), expires_at: challengeExpiry });
/** GoTrue's `ChallengeFactorResponse` for WebAuthn: the ceremony's options, binaries base64url (auth-js turns them into ArrayBuffers). */
const webAuthnChallengeOutput = z.object({
  id: uuidOutput,
  type: z.literal("webauthn"),
  expires_at: challengeExpiry,
  webauthn: z.object({
    type: z.enum(["create", "request"]).describe("`create` for an unverified factor, `request` for a verified one."),
    credential_options: z.object({
      publicKey: z
        .record(z.string(), z.unknown())
        .describe(
          "`PublicKeyCredentialCreationOptions` (`create`: the account's other WebAuthn factors excluded) or `PublicKeyCredentialRequestOptions` (`request`: `allowCredentials` names the factor's credential), user verification preferred.",
        ),
    }),
  }),
});
export const challengeOutput = z.discriminatedUnion("type", [totpChallengeOutput, webAuthnChallengeOutput]);
/** auth-js sends the relying party it means; one this service does not serve is refused. */
const requestedRelyingParty = {
  rpId: z.string().optional().describe("The relying party auth-js means (the page's host by default); refused unless it is this service's (the host of BASE_URL, `localhost` for a loopback one)."),
  rpOrigins: z.array(z.string()).optional().describe("Origins auth-js means (the page's by default); refused unless each is BASE_URL's origin, its `localhost` twin, or in WEBAUTHN_RP_ORIGINS."),
};
export const challengeFactorBody = z.object({
  webauthn: z.object(requestedRelyingParty).optional().describe("A WebAuthn factor's: auth-js `mfa.webauthn.challenge`. A TOTP factor's challenge needs no body."),
});
export const verifyFactorBody = z.object({
  challenge_id: z.string().describe("From the challenge, made from the same address."),
  code: z.string().optional().describe("A TOTP factor's: the six digits the app shows now."),
  webauthn: z
    .object({
      type: z.enum(["create", "request"]).describe("The challenge's `webauthn.type`."),
      ...requestedRelyingParty,
      credential_response: z.record(z.string(), z.unknown()).describe("The browser's credential, serialized as auth-js does (`toJSON`)."),
    })
    .optional()
    .describe("A WebAuthn factor's ceremony: auth-js `mfa.webauthn.verify`."),
});
export const factorIdOutput = z.object({ id: uuidOutput });
export const recoveryCodesStatusOutput = z.object({
  id: uuidOutput,
  type: z.literal("recovery_code"),
  total: z.number().int(),
  remaining: z.number().int().describe("Codes not used yet."),
});
export const recoveryCodesOutput = z.object({
  id: uuidOutput,
  type: z.literal("recovery_code"),
  friendly_name: z.string(),
  total: z.number().int(),
  codes: z.array(z.string()).describe("16 characters each, lowercase; shown this once and stored hashed."),
});
export const generateRecoveryCodesBody = z.object({ friendly_name: z.string().optional().describe("`Recovery codes` by default.") });
export const recoveryCodeBody = z.object({ code: z.string().describe("An unused recovery code; case, spaces and `-` do not matter.") });

/** GoTrue's admin factor routes (`/auth/v1/admin/users/{id}/factors…`): what auth-js's `Factor` type says. */
export const adminFactorInput = z.object({ serviceKey: z.string(), userId: z.string(), factorId: z.string().optional() });
export const adminFactorOutput = factorOutput;
export const adminFactorsOutput = z.array(adminFactorOutput);
