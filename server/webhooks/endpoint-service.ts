import type { EntityManager } from "@mikro-orm/postgresql";
import type { WebhookEventType } from "../changes";
import { encryptSecret } from "../platform/crypto/secret-box";
import { AppError } from "../platform/errors";
import { assertEndpointUrlAllowed } from "./endpoint-url";
import type { CreateWebhookInput, UpdateWebhookInput, WebhookEndpointView } from "./schemas";
import { newWebhookSecret } from "./signing";
import { recordChange } from "../changes";

export interface EndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  secret_ciphertext: string;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

export const endpointNotFound = () => new AppError("NOT_FOUND", "Webhook endpoint not found");
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** Never the secret: it is shown once, at creation. */
export function endpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.disabled_at === null,
    disabledAt: iso(row.disabled_at),
    disabledReason: row.disabled_reason,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    previousSecretExpiresAt: row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > new Date() ? iso(row.previous_secret_expires_at) : null,
  };
}

export async function listEndpoints(em: EntityManager, tenantId: string): Promise<WebhookEndpointView[]> {
  const rows = await em.execute<EndpointRow[]>(`select * from webhook_endpoints where tenant_id = ? order by created_at, id`, [tenantId]);
  return rows.map(endpointView);
}

export async function requireEndpoint(em: EntityManager, tenantId: string, endpointId: string): Promise<EndpointRow> {
  const rows = await em.execute<EndpointRow[]>(`select * from webhook_endpoints where id = ? and tenant_id = ?`, [endpointId, tenantId]);
  if (!rows[0]) throw endpointNotFound();
  return rows[0];
}

/**
 * Registers an endpoint with a new `whsec_` secret, stored sealed with the integration key
 * (secret-box) so the worker can sign with it; the answer is the only place it is shown.
 */
export async function createEndpoint(
  em: EntityManager,
  input: CreateWebhookInput & { tenantId: string; userId: string },
): Promise<WebhookEndpointView & { secret: string }> {
  await assertEndpointUrlAllowed(input.url);
  const secret = newWebhookSecret();
  const [row] = await em.execute<EndpointRow[]>(
    `insert into webhook_endpoints (tenant_id, url, description, event_types, secret_ciphertext, created_by)
     values (?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?) returning *`,
    [input.tenantId, input.url, input.description ?? "", JSON.stringify(input.eventTypes ?? []), encryptSecret(secret), input.userId],
  );
  return { ...endpointView(row!), secret };
}

export async function updateEndpoint(em: EntityManager, tenantId: string, input: UpdateWebhookInput): Promise<WebhookEndpointView> {
  const current = await requireEndpoint(em, tenantId, input.endpointId);
  if (input.url !== undefined && input.url !== current.url) await assertEndpointUrlAllowed(input.url);
  // Re-enabling forgets the failures that disabled it; disabling by hand says so.
  const enabling = input.enabled === true && current.disabled_at !== null;
  const disabling = input.enabled === false && current.disabled_at === null;
  const [row] = await em.execute<EndpointRow[]>(
    `update webhook_endpoints set
        url = ?, description = ?, event_types = array(select jsonb_array_elements_text(?::jsonb)), updated_at = now(),
        disabled_at = case when ? then null when ? then now() else disabled_at end,
        disabled_reason = case when ? then null when ? then 'Disabled by a person' else disabled_reason end,
        failing_since = case when ? then null else failing_since end
      where id = ? and tenant_id = ? returning *`,
    [
      input.url ?? current.url,
      input.description ?? current.description,
      JSON.stringify(input.eventTypes ?? current.event_types),
      enabling,
      disabling,
      enabling,
      disabling,
      enabling,
      current.id,
      tenantId,
    ],
  );
  if (!row) throw endpointNotFound();
  return endpointView(row);
}

/** Its deliveries and their attempts go with it (cascade); the change log stays. */
export async function deleteEndpoint(em: EntityManager, tenantId: string, endpointId: string): Promise<void> {
  const rows = await em.execute<{ id: string }[]>(`delete from webhook_endpoints where id = ? and tenant_id = ? returning id`, [endpointId, tenantId]);
  if (rows.length === 0) throw endpointNotFound();
}

/**
 * A new signing secret, shown once; the one it replaces keeps signing beside it for
 * `overlapSeconds` (0: it stops at once), so a receiver can take up the new one before the old
 * one ends. A second rotation within an overlap replaces the older secret: at most two sign.
 * Recorded in the audit log with the overlap, never a secret.
 */
export async function rotateEndpointSecret(
  em: EntityManager,
  tenantId: string,
  endpointId: string,
  overlapSeconds: number,
): Promise<WebhookEndpointView & { secret: string }> {
  const secret = newWebhookSecret();
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<EndpointRow[]>(
      `update webhook_endpoints set previous_secret_ciphertext = case when ? > 0 then secret_ciphertext end,
              previous_secret_expires_at = case when ? > 0 then now() + make_interval(secs => ?) end,
              secret_ciphertext = ?, updated_at = now()
        where id = ? and tenant_id = ? returning *`,
      [overlapSeconds, overlapSeconds, overlapSeconds, encryptSecret(secret), endpointId, tenantId],
    );
    if (!row) throw endpointNotFound();
    await recordChange(tx, { tenantId, audit: "webhook.secret_rotated", data: { url: row.url, overlapSeconds }, target: { type: "webhook", id: row.id } });
    return { ...endpointView(row), secret };
  });
}
