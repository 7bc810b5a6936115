import type { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import { ConfirmSubmit } from "./ConfirmSubmit";

/**
 * A one-button form for a destructive action on one row: it posts `intent` and `fields` as
 * hidden inputs through `form` (a fetcher's Form, or the route's), sent with a ConfirmSubmit.
 */
export function ConfirmForm({
  form: FormComponent,
  intent,
  fields = {},
  action,
  ...confirm
}: {
  form: typeof Form;
  /** Where it posts, when not the page's own route (a section's resource route). */
  action?: string;
  intent: string;
  /** The row the action is about, e.g. `{ keyId }`. */
  fields?: Record<string, string>;
} & ComponentProps<typeof ConfirmSubmit>) {
  return (
    <FormComponent method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ConfirmSubmit {...confirm} />
    </FormComponent>
  );
}
