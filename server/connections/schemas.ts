import { z } from "zod";

export const connectionIdInput = z.object({ connectionId: z.uuid({ error: "Connection not found" }) });
export const providerInput = z.object({ provider: z.string().min(1).max(64) });
export const bindInput = connectionIdInput.extend({ appId: z.uuid({ error: "App not found" }) });
export const unbindInput = z.object({ appId: z.uuid({ error: "App not found" }), provider: z.string().min(1).max(64) });
export const allowedOriginsInput = z.object({ appId: z.uuid({ error: "App not found" }), origins: z.array(z.string()).max(20) });
export const integrationEditInput = z.object({
  slug: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000),
  logo: z.string().max(2048),
  oauthClientConfig: z.record(z.string(), z.unknown()),
});
