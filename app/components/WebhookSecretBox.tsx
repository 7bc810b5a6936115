import { OnceSecretBox } from "./OnceSecretBox";

/** A new endpoint's signing secret, shown this once (the server keeps it sealed). */
export function WebhookSecretBox({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  return (
    <OnceSecretBox
      secret={secret}
      label="New signing secret"
      title={`Signing secret for ${url}`}
      warning="Your receiver verifies each delivery with it (Standard Webhooks)."
      what="the secret"
      testId="new-webhook-secret"
      onDone={onDone}
    />
  );
}
