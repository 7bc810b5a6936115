import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { AppView, FormResult } from "~/lib/view-types";
import { Card } from "./Card";
import { Field } from "./Field";

/**
 * Deleting an app, after typing its name: the button waits for the exact name, and the
 * server checks it again. Its keys stop working at once; its variables and connection
 * bindings go with it.
 */
export function DeleteAppCard({ app }: { app: AppView }) {
  const [typed, setTyped] = useState("");
  const navigation = useNavigation();
  const result = useActionData<FormResult>();
  const failed = result?.intent === "delete-app" && !result.ok ? result : undefined;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-app";
  return (
    <Card title="Delete this app" description="Its API keys stop working at once, and its variables and connection bindings are removed. This cannot be undone.">
      <Form method="post" className="inline-form inline-form-field">
        <input type="hidden" name="intent" value="delete-app" />
        <Field
          label={`Type ${app.name} to confirm`}
          name="confirmName"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          error={failed && failed.values?.confirmName === typed ? failed.formError : undefined}
        />
        <button type="submit" className="btn btn-danger" disabled={busy || typed !== app.name}>
          {busy ? "Deleting…" : "Delete app"}
        </button>
      </Form>
    </Card>
  );
}
