import { Link, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import type { AppView, CreatedKeyResult } from "~/lib/view-types";
import { Card } from "./Card";
import { OnceKeyBox } from "./OnceKeyBox";

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

  return (
    <Card title="Create a key" description="A key lets one app call the service as your workspace. Treat it like a password.">
      {choices.length === 0 ? (
        <p className="empty">
          You have no apps yet. <Link to="/apps">Create an app</Link> first, then come back for its key.
        </p>
      ) : (
        <fetcher.Form method="post" className="inline-form inline-form-field">
          <input type="hidden" name="intent" value="create" />
          <div className="field">
            <label htmlFor={selectId} className="field-label">App</label>
            <select id={selectId} name="appId" className="input select" required aria-invalid={error ? true : undefined}>
              {choices.map((app) => (
                <option key={app.id} value={app.id}>{app.name}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Creating…" : "Create key"}
          </button>
        </fetcher.Form>
      )}
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      {created ? (
        <OnceKeyBox
          apiKey={created.apiKey}
          appName={apps.find((app) => app.id === created.appId)?.name ?? "your app"}
          onDone={() => setDismissed(created.id)}
        />
      ) : null}
    </Card>
  );
}
