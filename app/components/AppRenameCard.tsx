import type { AppView } from "~/lib/view-types";
import { Card } from "./Card";
import { Field } from "./Field";
import { SaveFooter } from "./SaveFooter";
import { useIntentForm } from "./use-intent-form";

/** Renames the app; keys and variables stay as they are. */
export function AppRenameCard({ app }: { app: AppView }) {
  const { fetcher, result, saving } = useIntentForm("rename");
  return (
    <Card
      title="App name"
      footer={<SaveFooter formId="app-name-form" {...saving} savedText="App name saved" label="Save name" />}
    >
      <fetcher.Form method="post" id="app-name-form">
        <input type="hidden" name="intent" value="rename" />
        <Field label="Name" name="name" defaultValue={app.name} key={app.name} maxLength={100} required autoComplete="off" error={result?.fieldErrors?.name ?? result?.formError} />
      </fetcher.Form>
    </Card>
  );
}
