/** The changes area's face: the workspace change log, written in the transaction of each change (ADR 041). */
export { CHANGE_TYPES, WEBHOOK_EVENT_TYPES, isWebhookEvent } from "./change-types";
export type { ChangeType, WebhookEventType } from "./change-types";
export { WEBHOOKS_DUE_CHANNEL, recordChange } from "./record-change";
export type { Change, ChangeActor } from "./record-change";
