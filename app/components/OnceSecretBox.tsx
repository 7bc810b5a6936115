import { OnceFooter } from "./OnceFooter";
import { useCopy } from "./use-copy";

/**
 * A secret shown this once (the server keeps only a hash or a sealed copy), with a Copy
 * button. When the clipboard is unavailable the secret is selected so it can be copied by hand.
 */
export function OnceSecretBox({
  secret,
  label,
  title,
  warning,
  what,
  testId,
  onDone,
}: {
  secret: string;
  /** The region's accessible name, e.g. "New API key". */
  label: string;
  title: string;
  /** What to do with it, after "Copy it now: this is the only time it is shown." */
  warning: string;
  /** How the Copy status names it, e.g. "the key". */
  what: string;
  testId: string;
  onDone: () => void;
}) {
  const { ref, status, copy } = useCopy<HTMLElement>(secret, what);
  return (
    <section className="once-key" aria-label={label}>
      <p className="once-key-title">{title}</p>
      <p className="once-key-warning" role="note">
        Copy it now: this is the only time it is shown. {warning}
      </p>
      <div className="once-key-box">
        <code ref={ref} className="once-key-value" data-testid={testId}>{secret}</code>
        <button type="button" className="btn btn-primary btn-sm" onClick={copy}>Copy</button>
      </div>
      <OnceFooter status={status} doneLabel="I have saved it" onDone={onDone} />
    </section>
  );
}
