import { z } from "zod";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";

/** An agent token as listed: its secret is never shown again, only its first characters. */
export const agentTokenOutput = z.object({
  id: uuidOutput,
  prefix: z.string().regex(/^svc_at_/),
  createdBy: z.string(),
  createdAt: isoTimeOutput,
  lastUsedAt: isoTimeOutput.nullable(),
  revokedAt: isoTimeOutput.nullable(),
});
export type AgentTokenView = z.infer<typeof agentTokenOutput>;
export const agentTokenListOutput = z.object({ agentTokens: z.array(agentTokenOutput) });
/** The answer to issuing one: the only time `token` is shown. */
export const agentTokenIssuedOutput = agentTokenOutput.extend({ token: z.string().regex(/^svc_at_[A-Za-z0-9_-]{43}$/) });

/** A deployment's shell sessions, newest first (`GET /api/deployments/{name}/events`). */
export const deploymentEventOutput = z.object({
  id: z.string(),
  type: z.string(),
  actorEmail: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: isoTimeOutput,
});
export type DeploymentEventView = z.infer<typeof deploymentEventOutput>;
export const deploymentEventsOutput = z.object({ events: z.array(deploymentEventOutput) });
