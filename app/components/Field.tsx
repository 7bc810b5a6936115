import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export type StatusTone = "muted" | "success" | "danger";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "prefix"> {
  label: string;
  name: string;
  hint?: ReactNode;
  /** A server or validation message, shown beside the field and announced. */
  error?: string;
  /** Live feedback such as slug availability; always rendered so changes are announced. */
  status?: { text: string; tone: StatusTone } | null;
  /** Fixed text before the input, e.g. the host of a workspace URL. */
  prefix?: string;
}

/**
 * A labelled input with its hint, live status and inline error wired to aria-describedby.
 * One message per problem: while an error shows, the hint and the live status (which would
 * say the same thing again) step aside; the status region stays, empty, so it is announced
 * again when the value changes.
 */
export function Field({ label, name, hint: givenHint, error, status: givenStatus, prefix, className, ...input }: FieldProps) {
  const hint = error ? undefined : givenHint;
  const status = error && givenStatus !== undefined ? null : givenStatus;
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, status !== undefined ? statusId : null, error ? errorId : null].filter(Boolean).join(" ");
  const control = (
    <input
      id={id}
      name={name}
      className={`input${className ? ` ${className}` : ""}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...input}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">{label}</label>
      {prefix ? (
        <div className={`input-group${input.disabled ? " is-disabled" : ""}${error ? " is-invalid" : ""}`}>
          <span className="input-prefix" aria-hidden="true">{prefix}</span>
          {control}
        </div>
      ) : (
        control
      )}
      {status !== undefined ? (
        <p id={statusId} role="status" aria-live="polite" className={`field-status tone-${status?.tone ?? "muted"}`}>
          {status?.text ?? ""}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">{error}</p>
      ) : null}
      {hint ? <p id={hintId} className="field-hint">{hint}</p> : null}
    </div>
  );
}
