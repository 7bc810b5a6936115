import { useState } from "react";

/**
 * A destructive submit that asks twice: the first click arms it, the second (a separate
 * button, so one double click cannot do both) submits the surrounding form.
 */
export function ConfirmSubmit({
  label,
  confirmLabel,
  busyLabel,
  subject,
  busy,
}: {
  label: string;
  confirmLabel: string;
  busyLabel: string;
  /** What the action is about, for the accessible name, e.g. "key svc_sk_abc123". */
  subject: string;
  busy: boolean;
}) {
  const [armed, setArmed] = useState(false);
  if (busy) {
    return (
      <button key="busy" type="button" className="btn btn-danger-ghost btn-sm" disabled>
        {busyLabel}
      </button>
    );
  }
  if (!armed) {
    return (
      <button key="arm" type="button" className="btn btn-danger-ghost btn-sm" aria-label={`${label} ${subject}`} onClick={() => setArmed(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`Confirm: ${label.toLowerCase()} ${subject}`}>
      <button key="confirm" type="submit" className="btn btn-danger btn-sm" autoFocus>
        {confirmLabel}
      </button>
      <button key="cancel" type="button" className="btn btn-ghost btn-sm" onClick={() => setArmed(false)}>
        Cancel
      </button>
    </span>
  );
}
