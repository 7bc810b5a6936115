import { z } from "zod";
import { uuidOutput } from "../platform/validation/output";

/** Raw inputs: the provider itself answers malformed values with its own errors. */
export const credentialsInput = z.object({
  email: z.unknown().transform((v) => (typeof v === "string" ? v : "")),
  password: z.unknown().transform((v) => (typeof v === "string" ? v : "")),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const tokenInput = z.object({
  grantType: z.string(),
  email: z.unknown().optional(),
  password: z.unknown().optional(),
  refresh_token: z.unknown().optional(),
});

export const accessTokenInput = z.object({ accessToken: z.string() });
export const updateUserInput = z.object({ accessToken: z.string(), data: z.record(z.string(), z.unknown()).default({}) });

/** `GET /api/auth/me` (SPEC 4.4). */
export const sessionStatusOutput = z.object({ loggedIn: z.boolean(), userId: uuidOutput.nullable(), email: z.string().nullable() });
export const jwksOutput = z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) });
export const identityUserOutput = z.looseObject({ id: uuidOutput, email: z.string(), user_metadata: z.record(z.string(), z.unknown()) });
export const identitySessionOutput = z.looseObject({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number(),
  refresh_token: z.string(),
  user: identityUserOutput,
});
