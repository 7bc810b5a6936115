import type { TenantView } from "~/lib/view-types";
import { Field } from "./Field";
import { SavedFormCard } from "./SavedFormCard";

export function TenantNameCard({ tenant }: { tenant: TenantView }) {
  return (
    <SavedFormCard
      intent="rename"
      formId="workspace-name-form"
      layout="split"
      title="General"
      description="The name shown across the dashboard and to your team."
      savedText="Workspace name saved"
      saveLabel="Save name"
    >
      {(result) => <Field key={tenant.name} label="Workspace name" name="name" defaultValue={tenant.name} maxLength={100} required error={result?.fieldErrors?.name} />}
    </SavedFormCard>
  );
}
