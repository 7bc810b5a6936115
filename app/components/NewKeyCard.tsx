import { Link, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import type { AppView, CreatedKeyResult } from "~/lib/view-types";
import { Card } from "./Card";
import { Field } from "./Field";
import { OnceKeyBox } from "./OnceKeyBox";
import { BusySubmit } from "./BusySubmit";

/** Issues a key for one of the workspace's apps and shows it once. */
export function NewKeyCard({ apps }: { apps: AppView[] }) {
  const fetcher = useFetcher<CreatedKeyResult>();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const selectId = useId();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "create" ? fetcher.data : undefined;
  const created = result?.ok && result.created && result.created.id !== dismissed ? result.created : undefined;
  const choices = apps.filter((app) => app.kind === "app");
  const error = result && !result.ok ? result.fieldErrors?.appId ?? result.formError : undefined;
  const nameError = result && !result.ok ? result.fieldErrors?.name : undefined;

  return (
    <Card title="Create a key" description="A key lets one app call the service as your workspace. Treat it like a password.">
      {choices.length === 0 ? (
        <div className="empty">
          <p>A key belongs to an app, and this workspace has none yet.</p>
          <Link to="/apps" className="btn btn-primary btn-sm">Create an app</Link>
        </div>
      ) : (
        <fetcher.Form method="post" className="inline-form inline-form-field" key={result?.ok ? result.created?.id : "new-key"}>
          <input type="hidden" name="intent" value="create" />
          <Field
            label="Name"
            name="name"
            placeholder="e.g. Nightly billing job"
            maxLength={100}
            autoComplete="off"
            hint="What the key is for, shown in the list."
            error={nameError}
            defaultValue={result && !result.ok ? result.values?.name : undefined}
          />
          <div className="field">
            <label htmlFor={selectId} className="field-label">App</label>
            <select id={selectId} name="appId" className="input select" required aria-invalid={error ? true : undefined}>
              {choices.map((app) => (
                <option key={app.id} value={app.id}>{app.name}</option>
              ))}
            </select>
          </div>
          <BusySubmit className="btn btn-primary" busy={busy} busyLabel="Creating…">Create key</BusySubmit>
        </fetcher.Form>
      )}
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      {created ? (
        <OnceKeyBox
          apiKey={created.apiKey}
          appName={created.name ? `${created.name} (${apps.find((app) => app.id === created.appId)?.name ?? "your app"})` : apps.find((app) => app.id === created.appId)?.name ?? "your app"}
          onDone={() => setDismissed(created.id)}
        />
      ) : null}
    </Card>
  );
}
