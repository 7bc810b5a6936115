import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import type { CreatedWebhookResult } from "~/lib/view-types";
import { formatDateTime } from "~/lib/format";
import { WebhookSecretBox } from "./WebhookSecretBox";
import { BusySubmit } from "./BusySubmit";

const OVERLAPS: [number, string][] = [
  [3600, "for an hour"],
  [86_400, "for a day"],
  [604_800, "for a week"],
  [0, "no longer (stop it now)"],
];

/**
 * A new signing secret for one endpoint (issue 27): the old one keeps signing beside it for
 * the overlap chosen, so the receiver can move to the new one before the old one stops.
 */
export function RotateWebhookSecret({ endpointId, url, previousSecretExpiresAt }: { endpointId: string; url: string; previousSecretExpiresAt: string | null }) {
  const fetcher = useFetcher<CreatedWebhookResult>();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const id = useId();
  const result = fetcher.data?.intent === "rotateSecret" ? fetcher.data : undefined;
  const rotated = result?.ok && result.created && result.created.secret !== dismissed ? result.created : undefined;
  return (
    <details>
      <summary>Rotate secret</summary>
      <fetcher.Form method="post" className="stack">
        <input type="hidden" name="intent" value="rotateSecret" />
        <input type="hidden" name="endpointId" value={endpointId} />
        {previousSecretExpiresAt ? <p className="field-hint">The secret replaced last still signs until {formatDateTime(previousSecretExpiresAt)}.</p> : null}
        <div className="field">
          <label className="field-label" htmlFor={id}>Keep the current secret signing</label>
          <select id={id} name="overlapSeconds" className="input" defaultValue="86400">
            {OVERLAPS.map(([seconds, label]) => (
              <option key={seconds} value={seconds}>{label}</option>
            ))}
          </select>
          <span className="field-hint">Meanwhile each delivery carries both signatures, so your receiver verifies with either.</span>
        </div>
        <div>
          <BusySubmit className="btn btn-secondary btn-sm" busy={fetcher.state !== "idle"} busyLabel="Rotating…">Rotate secret</BusySubmit>
        </div>
        {result && !result.ok && result.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
      </fetcher.Form>
      {rotated ? <WebhookSecretBox secret={rotated.secret} url={url} onDone={() => setDismissed(rotated.secret)} /> : null}
    </details>
  );
}
