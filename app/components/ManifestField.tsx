import { useId } from "react";
import type { ManifestProblemView } from "~/lib/view-types";

interface ManifestFieldProps {
  label: string;
  rows: number;
  defaultValue?: string;
  /** Every problem the service found, each with its line, as `svc validate` lists them. */
  problems?: ManifestProblemView[];
}

/** The vendo.yaml textarea of the deployment forms, with every problem of a refused manifest listed under it by line. */
export function ManifestField({ label, rows, defaultValue, problems }: ManifestFieldProps) {
  const id = useId();
  const errorsId = `${id}-problems`;
  const invalid = Boolean(problems && problems.length > 0);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">{label}</label>
      <textarea
        id={id}
        name="manifest"
        className="input textarea"
        rows={rows}
        defaultValue={defaultValue}
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorsId : undefined}
      />
      {invalid ? (
        <ul id={errorsId} className="manifest-problems" role="alert">
          {problems!.map((problem, index) => (
            <li key={index} className="field-error">
              {problem.line ? `Line ${problem.line}${problem.column ? `, column ${problem.column}` : ""}: ` : ""}
              {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
