import { useId } from "react";
import type { AppView } from "~/lib/view-types";

/**
 * Which app a deployment belongs to: its variables, bindings and keys are the app's, so a tool
 * reaches them only through that app (issue 28, 6). On registration the choice defaults to the
 * workspace's app of the deployment's name, else a new one named after it (`value=""`).
 */
export function DeploymentAppField({ apps, defaultValue, error }: { apps: AppView[]; defaultValue?: string; error?: string }) {
  const id = useId();
  const choices = apps.filter((app) => app.kind !== "cli");
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>App</label>
      <select id={id} name="appId" className="input" defaultValue={defaultValue ?? ""} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`} aria-invalid={error ? true : undefined}>
        {defaultValue === undefined ? <option value="">The app of the deployment's name (made if there is none)</option> : null}
        {choices.map((app) => (
          <option key={app.id} value={app.id}>{app.name}</option>
        ))}
      </select>
      <span className="field-hint" id={`${id}-hint`}>The tool gets this app's variables and connections.</span>
      {error ? <span className="field-error" id={`${id}-error`} role="alert">{error}</span> : null}
    </div>
  );
}
