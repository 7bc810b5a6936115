import { z } from "zod";
import { uuidOutput } from "../platform/validation/output";

/** `GET /api/cli/whoami`: who an `svc_sk_` key belongs to, and where the shell broker is. */
export const whoamiOutput = z.object({
  userId: uuidOutput,
  email: z.string(),
  tenantId: uuidOutput,
  tenantSlug: z.string(),
  tenantName: z.string(),
  appId: uuidOutput,
  /** The key's app by name, as the CLI shows it (`CLI` for the key `svc login` saved). */
  appName: z.string(),
  /** Where `svc ssh` and `svc agent` dial the shell broker (`SSH_BROKER_URL`). */
  sshBrokerUrl: z.string().regex(/^wss?:\/\//),
});
export type WhoamiOutput = z.infer<typeof whoamiOutput>;

/** `GET /api/cli/env` as JSON: the key's app's variables. */
export const cliEnvOutput = z.object({ appId: uuidOutput, appName: z.string(), env: z.record(z.string(), z.string()) });

/** `/api/keys` (REST, issue 16): the API Keys panel's rows, never the key itself. */
export const keyListOutput = z.object({
  keys: z.array(
    z.object({
      id: uuidOutput,
      name: z.string().nullable(),
      prefix: z.string(),
      appId: uuidOutput,
      appName: z.string(),
      purpose: z.enum(["app", "cli"]).describe("`cli` for a key `svc login` made"),
      issuedBy: z.string(),
      createdAt: z.iso.datetime(),
      lastUsedAt: z.iso.datetime().nullable(),
      revokedAt: z.iso.datetime().nullable(),
    }),
  ),
});
/** The only answer that shows the key. */
export const createdKeyOutput = z.object({ id: uuidOutput, name: z.string().nullable(), apiKey: z.string(), prefix: z.string(), appId: uuidOutput });
export const createKeyBody = z.object({
  appId: z.uuid(),
  name: z.string().max(100).optional().describe("What the key is for (at most 100 characters)"),
});

/** `GET /api/cli/apps`: the key's workspace's apps, for `svc dev --app <name>` (CLI keys only). */
export const cliAppsOutput = z.object({
  apps: z.array(
    z.object({
      id: uuidOutput,
      name: z.string(),
      kind: z.enum(["app", "cli"]),
      /** How many variables `svc dev --app <name>` would write. */
      variables: z.number().int(),
      /** The key's own app: what `svc dev` writes without `--app`. */
      current: z.boolean(),
    }),
  ),
});
export type CliAppsOutput = z.infer<typeof cliAppsOutput>;
