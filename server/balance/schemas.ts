import { z } from "zod";
import { uuidOutput } from "../platform/validation/output";

/** A workspace's credit balance (`GET /api/v1/balance`, `/api/billing/balance`, `/api/cli/balance`). */
export const balanceOutput = z.object({
  tenantId: uuidOutput,
  balance: z.string(),
  balanceMicros: z.string(),
  currency: z.literal("credits"),
  asOf: z.string(),
});
export type BalanceBody = z.infer<typeof balanceOutput>;
