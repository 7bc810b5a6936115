import { WEBHOOK_EVENT_TYPES } from "../../server/changes";

/** The events an endpoint may subscribe to, for the form's checkboxes (the server's closed list). */
export function webhookEventTypes(): string[] {
  return [...WEBHOOK_EVENT_TYPES];
}
