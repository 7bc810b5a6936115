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
  /** Where `svc ssh` and `svc agent` dial the shell broker (`SSH_BROKER_URL`). */
  sshBrokerUrl: z.string().regex(/^wss?:\/\//),
});
export type WhoamiOutput = z.infer<typeof whoamiOutput>;

/** `GET /api/cli/env` as JSON: the key's app's variables. */
export const cliEnvOutput = z.object({ appId: uuidOutput, env: z.record(z.string(), z.string()) });
