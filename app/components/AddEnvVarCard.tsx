import { useEffect, useRef } from "react";
import { useFreshSuccess } from "~/lib/fresh-success";
import { Card } from "./Card";
import { Field } from "./Field";
import { useIntentForm } from "./use-intent-form";
import { BusySubmit } from "./BusySubmit";

/** Adds a variable (or replaces a user variable of the same name). */
export function AddEnvVarCard() {
  const { fetcher, result, busy } = useIntentForm("add");
  const formRef = useRef<HTMLFormElement>(null);
  const added = !busy && result?.ok ? result.values?.key : undefined;

  const status = useFreshSuccess(added ? `${added} saved` : null, fetcher.data);
  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added, fetcher.data]);

  return (
    <Card
      title="Add a variable"
      description="Values are encrypted at rest. Adding a name that already exists replaces its value."
      footer={
        <>
          <span className="field-status tone-success" role="status" aria-live="polite">
            {status}
          </span>
          <BusySubmit form="add-env-form" className="btn btn-primary" busy={busy} busyLabel="Adding…">Add variable</BusySubmit>
        </>
      }
    >
      <fetcher.Form method="post" id="add-env-form" ref={formRef} className="form-grid">
        <input type="hidden" name="intent" value="add" />
        <Field
          label="Name"
          name="key"
          className="mono"
          placeholder="DATABASE_URL"
          autoComplete="off"
          spellCheck={false}
          required
          hint="Letters, digits and underscores; must not start with a digit."
          error={result?.fieldErrors?.key}
        />
        <Field label="Value" name="value" className="mono" autoComplete="off" spellCheck={false} error={result?.fieldErrors?.value} />
      </fetcher.Form>
      {result?.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
    </Card>
  );
}
