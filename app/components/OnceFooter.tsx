/** The footer of a box shown this once: the Copy status, and the button that closes the box. */
export function OnceFooter({ status, doneLabel, onDone }: { status: string | null; doneLabel: string; onDone: () => void }) {
  return (
    <div className="once-key-footer">
      <span className="field-status tone-success" role="status" aria-live="polite">{status}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>{doneLabel}</button>
    </div>
  );
}
