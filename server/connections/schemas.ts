import { z } from "zod";
import { CHANGE_TYPES } from "../changes";
import { isSafeName, isSafeValue, nameSchema } from "../platform/validation/text";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";
import { CONNECTION_STATUSES } from "./entities";

/** A connection's health (issue 19), in every answer that shows a connection. */
const statusFields = {
  status: z.enum(CONNECTION_STATUSES).describe("`active`; `needs_reauth` (connect the account again); `revoked` (gone at the provider); `error` (checks kept failing)"),
  statusReason: z.string().nullable().describe("Why the connection left `active`, as the provider or the service put it; null when active"),
  statusChangedAt: isoTimeOutput,
};

export const connectionIdInput = z.object({ connectionId: z.uuid({ error: "Connection not found" }) });
/** A catalog slug as callers name it; text PostgreSQL cannot hold (NUL, broken UTF-16) is refused here, not by the database. */
const providerSlug = z.string().min(1).max(64).refine(isSafeValue, "Provider must be text without NUL characters");
export const providerInput = z.object({ provider: providerSlug });
/** A connection's own name (issue 19: several accounts of one provider are told apart by it). */
export const renameConnectionBody = z.object({ displayName: nameSchema("Display name must be 1-100 characters", 1, 100).describe("The connection's new name, 1-100 characters") });
export const renameConnectionInput = connectionIdInput.extend(renameConnectionBody.shape);
export const bindInput = connectionIdInput.extend({ appId: z.uuid({ error: "App not found" }) });
export const unbindInput = z.object({ appId: z.uuid({ error: "App not found" }), provider: providerSlug });
export const allowedOriginsInput = z.object({ appId: z.uuid({ error: "App not found" }), origins: z.array(z.string()).max(20) });
export const integrationEditInput = z.object({
  slug: z.string().min(1).max(64),
  name: nameSchema("Integration name must be 1-100 characters", 1, 100),
  description: z.string().max(1000).refine(isSafeValue, "Description must be text without NUL characters"),
  logo: z.string().max(2048).refine(isSafeName, "Logo must be a URL"),
  // Stored as jsonb, which refuses NUL and unpaired surrogates in any string inside.
  oauthClientConfig: z.record(z.string(), z.unknown()).refine(everyStringSafe, "OAuth client configuration must hold text without NUL characters"),
  /** Absent: unchanged. */
  enabled: z.boolean().optional(),
});

export type IntegrationEdit = z.infer<typeof integrationEditInput>;

function everyStringSafe(value: unknown): boolean {
  if (typeof value === "string") return isSafeValue(value);
  if (Array.isArray(value)) return value.every(everyStringSafe);
  if (value && typeof value === "object") return Object.entries(value).every(([key, inner]) => isSafeValue(key) && everyStringSafe(inner));
  return true;
}

/** The connections bound to the key's app (`GET /api/deployments/me/connections`). */
export const boundConnectionsOutput = z.object({
  connections: z.array(
    z.object({
      provider: z.string(),
      connectionId: uuidOutput,
      externalId: z.string().regex(/^svc_conn_/),
      displayName: z.string(),
      profile: z.enum(["first_party", "broker_managed"]),
      ...statusFields,
      context: z.record(z.string(), z.string()),
      createdAt: isoTimeOutput,
    }),
  ),
});

/** The app's event log (`GET /api/deployments/me/events`). */
export const appEventsOutput = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      type: z.enum(CHANGE_TYPES).describe("One of the workspace change log's closed list; the same event, with the same `id`, as a webhook's `webhook-id`"),
      createdAt: isoTimeOutput,
      data: z.record(z.string(), z.unknown()),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** `/api/apps/{appId}/bindings…` (REST, issue 16): a connection bound to an app, as the app page lists it. */
export const bindingOutput = z.object({
  provider: z.string(),
  connectionId: z.uuid(),
  externalId: z.string().describe("The connection's `svc_conn_…` id"),
  displayName: z.string(),
  profile: z.enum(["first_party", "broker_managed"]),
  ...statusFields,
  context: z.record(z.string(), z.string()).describe("What the deployed tool is told of the account (no secrets)"),
  createdAt: z.string(),
});
export const bindingListOutput = z.object({ bindings: z.array(bindingOutput) });

/** `PATCH /api/connections/{id}`: the connection as renamed. */
export const connectionOutput = z.object({
  id: z.uuid(),
  provider: z.string(),
  externalId: z.string().describe("The connection's `svc_conn_…` id"),
  displayName: z.string(),
  profile: z.enum(["first_party", "broker_managed"]),
  ...statusFields,
  createdAt: isoTimeOutput,
});
export const bindBody = z.object({ connectionId: z.uuid().describe("A connection of the workspace for this provider (`GET /connections` lists them)") });
