/**
 * The closed list of changes the workspace's change log records (ADR 041). A new kind of
 * change is added here and in the table's check constraint (a migration), nowhere else.
 */
export const CHANGE_TYPES = [
  "connection.created",
  "connection.bound",
  "connection.unbound",
  "connection.revoked",
  "connection.deleted",
  "connection.reconnected",
  "connection.needs_reauth",
  "deployment.created",
  "deployment.deleted",
  "member.added",
  "member.removed",
] as const;

export type ChangeType = (typeof CHANGE_TYPES)[number];

/**
 * The changes a workspace's webhook endpoints may subscribe to (issue 19). `connection.bound`
 * and `connection.unbound` concern one app, and stay on that app's event feed.
 */
export const WEBHOOK_EVENT_TYPES = [
  "connection.created",
  "connection.reconnected",
  "connection.needs_reauth",
  "connection.revoked",
  "connection.deleted",
  "deployment.created",
  "deployment.deleted",
  "member.added",
  "member.removed",
] as const satisfies readonly ChangeType[];

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEvent(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}
