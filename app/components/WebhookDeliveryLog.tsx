import { useFetcher } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import type { FormResult, WebhookDeliveryView, WebhookEndpointView } from "~/lib/view-types";
import { Badge } from "./Badge";
import { Card } from "./Card";
import { formErrorOf } from "~/lib/form-error";

const TONE = { delivered: "success", pending: "warning", failed: "danger" } as const;

/** One endpoint's latest deliveries: each attempt's answer, latency and excerpt, and "Resend". */
export function WebhookDeliveryLog({ endpoint, deliveries }: { endpoint: WebhookEndpointView; deliveries: WebhookDeliveryView[] }) {
  return (
    <Card title="Delivery log" description={`The latest deliveries to ${endpoint.url}, newest first.`}>
      {deliveries.length === 0 ? (
        <p className="empty">Nothing sent yet: deliveries appear here as changes happen.</p>
      ) : (
        <ul className="plain-list" aria-label="Deliveries">
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} endpoint={endpoint} delivery={delivery} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function DeliveryRow({ endpoint, delivery }: { endpoint: WebhookEndpointView; delivery: WebhookDeliveryView }) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const error = formErrorOf(fetcher.data);
  return (
    <li className="webhook-row">
      <div className="row-between">
        <span>
          <code>{delivery.eventType}</code> <span className="field-hint">event {delivery.eventId} · {formatDateTime(delivery.createdAt)}</span>
        </span>
        <span className="row-actions">
          <Badge tone={TONE[delivery.status]}>{delivery.status}</Badge>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="endpointId" value={endpoint.id} />
            <input type="hidden" name="deliveryId" value={delivery.id} />
            <button type="submit" className="btn btn-ghost btn-sm" disabled={busy || !endpoint.enabled} aria-label={`Resend event ${delivery.eventId}`}>
              {busy ? "Resending…" : "Resend"}
            </button>
          </fetcher.Form>
        </span>
      </div>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      {delivery.nextAttemptAt ? <p className="field-hint">Next attempt {formatDateTime(delivery.nextAttemptAt)}</p> : null}
      <div className="table-wrap"><table className="table">
        <caption className="sr-only">Attempts for event {delivery.eventId}</caption>
        <thead>
          <tr>
            <th scope="col">Attempted</th>
            <th scope="col">Answer</th>
            <th scope="col">Latency</th>
            <th scope="col">Response</th>
          </tr>
        </thead>
        <tbody>
          {delivery.attempts.map((attempt, i) => (
            <tr key={i}>
              <td>{formatDateTime(attempt.attemptedAt)}</td>
              <td>{attempt.status === null ? attempt.error : `HTTP ${attempt.status}`}</td>
              <td>{attempt.latencyMs} ms</td>
              <td><code className="excerpt">{attempt.responseExcerpt}</code></td>
            </tr>
          ))}
        </tbody>
      </table></div>
    </li>
  );
}
