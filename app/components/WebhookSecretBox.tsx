import { useCopy } from "./use-copy";

/** A new endpoint's signing secret, shown this once (the server keeps it sealed), with Copy. */
export function WebhookSecretBox({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const { ref, status, copy } = useCopy<HTMLElement>(secret, "the secret");
  return (
    <section className="once-key" aria-label="New signing secret">
      <p className="once-key-title">Signing secret for {url}</p>
      <p className="once-key-warning" role="note">
        Copy it now: this is the only time it is shown. Your receiver verifies each delivery with it (Standard Webhooks).
      </p>
      <div className="once-key-box">
        <code ref={ref} className="once-key-value" data-testid="new-webhook-secret">{secret}</code>
        <button type="button" className="btn btn-primary btn-sm" onClick={copy}>Copy</button>
      </div>
      <div className="once-key-footer">
        <span className="field-status tone-success" role="status" aria-live="polite">{status}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>I have saved it</button>
      </div>
    </section>
  );
}
