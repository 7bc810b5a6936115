import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../changes";
import { isSafeName, isSafeValue } from "../platform/validation/text";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";

export const WEBHOOK_URL_MESSAGE = "Endpoint URL must be an http or https URL of at most 2000 characters";
export const WEBHOOK_DESCRIPTION_MESSAGE = "Description must be 500 characters or less, without control characters";
export const WEBHOOK_EVENTS_MESSAGE = `Events must be a list of: ${WEBHOOK_EVENT_TYPES.join(", ")}`;
const NOT_FOUND = "Webhook endpoint not found";

/** Absolute http(s), no credentials in it (they would show in the list and the log). */
const urlSchema = z
  .string({ error: WEBHOOK_URL_MESSAGE })
  .trim()
  .min(1, WEBHOOK_URL_MESSAGE)
  .max(2000, WEBHOOK_URL_MESSAGE)
  .refine((value) => {
    if (!isSafeValue(value) || !isSafeName(value) || !URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  }, WEBHOOK_URL_MESSAGE)
  .refine((value) => !URL.canParse(value) || (new URL(value).username === "" && new URL(value).password === ""), "Endpoint URL must not carry a user name or password");

const descriptionSchema = z
  .string({ error: WEBHOOK_DESCRIPTION_MESSAGE })
  .trim()
  .max(500, WEBHOOK_DESCRIPTION_MESSAGE)
  .refine(isSafeName, WEBHOOK_DESCRIPTION_MESSAGE);

/** Empty (or absent at creation): every event, present and future. */
const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_EVENTS_MESSAGE }), { error: WEBHOOK_EVENTS_MESSAGE })
  .max(WEBHOOK_EVENT_TYPES.length * 2, WEBHOOK_EVENTS_MESSAGE)
  .transform((types) => [...new Set(types)]);

export const createWebhookInput = z.object({
  url: urlSchema,
  description: descriptionSchema.optional(),
  eventTypes: eventTypesSchema.optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const webhookIdInput = z.object({ endpointId: z.uuid({ error: NOT_FOUND }) });

export const updateWebhookInput = z.object({
  endpointId: z.uuid({ error: NOT_FOUND }),
  url: urlSchema.optional(),
  description: descriptionSchema.optional(),
  eventTypes: eventTypesSchema.optional(),
  /** true re-enables a disabled endpoint (its failures are forgotten); false disables it. */
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

/** The REST bodies: the same fields without the id, which is in the path. */
export const createWebhookBody = createWebhookInput;
export const updateWebhookBody = updateWebhookInput.omit({ endpointId: true });

export const resendInput = z.object({
  endpointId: z.uuid({ error: NOT_FOUND }),
  deliveryId: z.string({ error: "Delivery not found" }).regex(/^\d{1,18}$/, "Delivery not found"),
});

export const webhookEndpointOutput = z.object({
  id: uuidOutput,
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe("Empty: every event"),
  enabled: z.boolean(),
  disabledAt: isoTimeOutput.nullable(),
  disabledReason: z.string().nullable().describe("Why the service disabled it (a 410 answer, 5 days of failures), or that a person did"),
  createdAt: isoTimeOutput,
  updatedAt: isoTimeOutput,
  previousSecretExpiresAt: isoTimeOutput.nullable().describe("After a rotation: until when the replaced secret still signs beside the new one; null when only one signs"),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointOutput>;

export const webhookListOutput = z.object({ endpoints: z.array(webhookEndpointOutput) });

export const createdWebhookOutput = webhookEndpointOutput.extend({
  secret: z.string().describe("`whsec_…`: the signing secret, shown this once"),
});

/** A rotation: how long the replaced secret keeps signing beside the new one (default a day, at most a week). */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;
const OVERLAP_MESSAGE = "overlapSeconds must be a whole number from 0 to 604800";
export const rotateSecretBody = z.object({
  overlapSeconds: z.number({ error: OVERLAP_MESSAGE }).int(OVERLAP_MESSAGE).min(0, OVERLAP_MESSAGE).max(604_800, OVERLAP_MESSAGE).default(DEFAULT_ROTATION_OVERLAP_SECONDS)
    .describe("How long the replaced secret keeps signing beside the new one, in seconds (0: it stops at once)"),
});
export const rotateSecretInput = webhookIdInput.extend(rotateSecretBody.shape);

export const webhookAttemptOutput = z.object({
  attemptedAt: isoTimeOutput,
  status: z.number().int().nullable().describe("The receiver's HTTP status; null when it did not answer"),
  latencyMs: z.number().int(),
  responseExcerpt: z.string().describe("The first 500 characters of the receiver's answer"),
  error: z.string().nullable().describe("Why no answer came (refused address, timeout, connection refused)"),
});

export const webhookDeliveryOutput = z.object({
  id: z.string(),
  eventId: z.string().describe("The `webhook-id` sent, the event's id on the deployed-tool feed"),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(["pending", "delivered", "failed"]),
  nextAttemptAt: isoTimeOutput.nullable(),
  createdAt: isoTimeOutput,
  attempts: z.array(webhookAttemptOutput),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryOutput>;

export const webhookDeliveryListOutput = z.object({ deliveries: z.array(webhookDeliveryOutput) });
