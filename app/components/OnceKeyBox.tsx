import { useCopy } from "./use-copy";

/**
 * The new key, shown this once (the server keeps only a hash), with a Copy button. When
 * the clipboard is unavailable the key is selected so the visitor can copy it by hand.
 */
export function OnceKeyBox({ apiKey, appName, onDone }: { apiKey: string; appName: string; onDone: () => void }) {
  const { ref: codeRef, status, copy } = useCopy<HTMLElement>(apiKey, "the key");

  return (
    <section className="once-key" aria-label="New API key">
      <p className="once-key-title">Your new key for {appName}</p>
      <p className="once-key-warning" role="note">
        Copy it now: this is the only time it is shown. If you lose it, revoke it and create another.
      </p>
      <div className="once-key-box">
        <code ref={codeRef} className="once-key-value" data-testid="new-api-key">{apiKey}</code>
        <button type="button" className="btn btn-primary btn-sm" onClick={copy}>Copy</button>
      </div>
      <div className="once-key-footer">
        <span className="field-status tone-success" role="status" aria-live="polite">{status}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>I have saved it</button>
      </div>
    </section>
  );
}
