import { useCopy } from "../use-copy";

/** A value to paste elsewhere (a TXT record, the SCIM base URL), with its Copy button and the Copy status. */
export function CopyValue({ value, what, testId }: { value: string; what: string; testId?: string }) {
  const { ref, status, copy } = useCopy<HTMLElement>(value, what);
  return (
    <div>
      <span className="row-actions">
        <code ref={ref} className="excerpt" data-testid={testId}>{value}</code>
        <button type="button" className="btn btn-ghost btn-sm" onClick={copy} aria-label={`Copy ${what}`}>Copy</button>
      </span>
      <span className="field-status tone-success" role="status" aria-live="polite">{status}</span>
    </div>
  );
}
