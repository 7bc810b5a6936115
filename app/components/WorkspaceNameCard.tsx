import { useFetcher } from "@remix-run/react";
import type { FormResult, WorkspaceView } from "~/lib/view-types";
import { Card } from "./Card";
import { Field } from "./Field";

export function WorkspaceNameCard({ workspace }: { workspace: WorkspaceView }) {
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data?.intent === "rename" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <Card
      layout="split"
      title="General"
      description="The name shown across the dashboard and to your team."
      footer={
        <>
          <span className="field-status tone-success" role="status" aria-live="polite">
            {!busy && result?.ok ? "Workspace name saved" : ""}
          </span>
          <button type="submit" form="workspace-name-form" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save name"}
          </button>
        </>
      }
    >
      <fetcher.Form method="post" id="workspace-name-form">
        <input type="hidden" name="intent" value="rename" />
        <Field
          key={workspace.name}
          label="Workspace name"
          name="name"
          defaultValue={workspace.name}
          maxLength={100}
          required
          error={result?.fieldErrors?.name}
        />
      </fetcher.Form>
    </Card>
  );
}
