import { useFreshSuccess } from "~/lib/fresh-success";
import { BusySubmit } from "./BusySubmit";

/**
 * A card footer for one form: a polite "saved" status beside the submit button, cleared
 * when the next action on the page starts (app/lib/fresh-success.ts).
 */
export function SaveFooter({
  formId,
  busy,
  saved,
  savedText,
  label,
  result,
}: {
  formId: string;
  busy: boolean;
  saved: boolean;
  savedText: string;
  label: string;
  /** The fetcher's latest data: a new save shows the message again. */
  result?: unknown;
}) {
  const status = useFreshSuccess(!busy && saved ? savedText : null, result);
  return (
    <>
      <span className="field-status tone-success" role="status" aria-live="polite">{status}</span>
      <BusySubmit form={formId} className="btn btn-primary" busy={busy} busyLabel="Saving…">{label}</BusySubmit>
    </>
  );
}
