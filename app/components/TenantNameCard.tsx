import type { TenantView } from "~/lib/view-types";
import { Card } from "./Card";
import { Field } from "./Field";
import { SaveFooter } from "./SaveFooter";
import { useIntentForm } from "./use-intent-form";

export function TenantNameCard({ tenant }: { tenant: TenantView }) {
  const { fetcher, result, saving } = useIntentForm("rename");
  return (
    <Card
      layout="split"
      title="General"
      description="The name shown across the dashboard and to your team."
      footer={<SaveFooter formId="workspace-name-form" {...saving} savedText="Workspace name saved" label="Save name" />}
    >
      <fetcher.Form method="post" id="workspace-name-form">
        <input type="hidden" name="intent" value="rename" />
        <Field
          key={tenant.name}
          label="Workspace name"
          name="name"
          defaultValue={tenant.name}
          maxLength={100}
          required
          error={result?.fieldErrors?.name}
        />
      </fetcher.Form>
    </Card>
  );
}
