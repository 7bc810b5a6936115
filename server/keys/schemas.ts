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
