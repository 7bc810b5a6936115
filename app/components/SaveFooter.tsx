/** A card footer for one form: a polite "saved" status beside the submit button. */
export function SaveFooter({ formId, busy, saved, savedText, label }: { formId: string; busy: boolean; saved: boolean; savedText: string; label: string }) {
  return (
    <>
      <span className="field-status tone-success" role="status" aria-live="polite">
        {!busy && saved ? savedText : ""}
      </span>
      <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
        {busy ? "Saving…" : label}
      </button>
    </>
  );
}
