import type { AppView } from "~/lib/view-types";
import { Field } from "./Field";
import { SavedFormCard } from "./SavedFormCard";

/** Renames the app; keys and variables stay as they are. */
export function AppRenameCard({ app }: { app: AppView }) {
  return (
    <SavedFormCard intent="rename" formId="app-name-form" title="App name" savedText="App name saved" saveLabel="Save name">
      {(result) => <Field label="Name" name="name" defaultValue={app.name} key={app.name} maxLength={100} required autoComplete="off" error={result?.fieldErrors?.name ?? result?.formError} />}
    </SavedFormCard>
  );
}
