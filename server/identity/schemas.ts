import { z } from "zod";

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
