/** The webhooks area's face: endpoints, their delivery log and the delivery worker (ADR 041). */
export { listDeliveries, resendDelivery } from "./delivery-log";
export { startWebhookDelivery, stopWebhookDelivery } from "./delivery-worker";
export { createEndpoint, deleteEndpoint, endpointView, listEndpoints, requireEndpoint, rotateEndpointSecret, updateEndpoint } from "./endpoint-service";
export type { WebhookDeliveryView, WebhookEndpointView } from "./schemas";
export {
  createdWebhookOutput,
  createWebhookBody,
  createWebhookInput,
  resendInput,
  rotateSecretBody,
  rotateSecretInput,
  updateWebhookBody,
  updateWebhookInput,
  webhookDeliveryListOutput,
  webhookDeliveryOutput,
  webhookEndpointOutput,
  webhookIdInput,
  webhookListOutput,
} from "./schemas";
export { webhooksMigrations } from "./migrations";
