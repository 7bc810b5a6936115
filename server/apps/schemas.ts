import { z } from "zod";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";
import { isSafeValue, nameSchema } from "../platform/validation/text";

export const ENV_KEY_MESSAGE = "Variable names must start with a letter or underscore and use only letters, digits and underscores (at most 128)";
export const ENV_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export const appIdInput = z.object({ appId: z.uuid({ error: "App not found" }) });
export const createAppInput = z.object({
  name: nameSchema("App name must be 1-100 characters", 1, 100),
});
export const envKeySchema = z.string({ error: ENV_KEY_MESSAGE }).trim().regex(ENV_KEY_PATTERN, ENV_KEY_MESSAGE);
export const setEnvInput = appIdInput.extend({
  key: envKeySchema,
  value: z
    .string({ error: "Value must be a string" })
    .max(32 * 1024, "Value must be 32 KB or smaller")
    .refine(isSafeValue, { message: "Value cannot contain NUL characters or unpaired surrogates" }),
});
export const envKeyInput = appIdInput.extend({ key: envKeySchema });
export const renameAppInput = appIdInput.extend({
  name: nameSchema("App name must be 1-100 characters", 1, 100),
});
/** The typed confirmation: the app's name, compared exactly (untrimmed) with the stored one. */
export const deleteAppInput = appIdInput.extend({
  confirmName: z.string({ error: "Type the app's name to confirm" }).max(200, "Type the app's name to confirm"),
});

/** `/api/apps…` (REST, issue 16): the same rows the dashboard's procedures answer. */
export const appOutput = z.object({
  id: uuidOutput,
  tenantId: uuidOutput,
  name: z.string(),
  kind: z.enum(["app", "cli"]).describe("`cli` is the CLI's own app"),
  createdBy: uuidOutput,
  createdAt: isoTimeOutput,
});
export const appListOutput = z.object({ apps: z.array(appOutput) });
export const envVarListOutput = z.object({
  variables: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(["user", "integration"]).describe("`integration` rows are written by a connection and cannot be set here"),
      value: z.string().nullable().describe("`null` for viewers: they see names, never values"),
      updatedAt: isoTimeOutput,
    }),
  ),
});
export const setEnvValueBody = z.object({ value: setEnvInput.shape.value });
export const allowedOriginsOutput = z.object({ allowedOrigins: z.array(z.string()) });
export const allowedOriginsBody = z.object({ origins: z.array(z.string()).max(20).describe("Exact origins (`https://app.example.com`), at most 20") });
