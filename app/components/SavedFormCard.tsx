import type { ReactNode } from "react";
import type { FormResult } from "~/lib/view-types";
import { Card } from "./Card";
import { SaveFooter } from "./SaveFooter";
import { useIntentForm } from "./use-intent-form";

/**
 * A card holding one form that its footer's button saves (SaveFooter): the form posts `intent`
 * through a fetcher of its own, and its fields get that intent's latest result (field errors,
 * form error) to show. The profile, workspace and app pages' single-form cards are all this.
 */
export function SavedFormCard({
  intent,
  formId,
  title,
  description,
  layout,
  savedText,
  saveLabel,
  className,
  children,
}: {
  intent: string;
  formId: string;
  title: string;
  description?: ReactNode;
  layout?: "stacked" | "split";
  savedText: string;
  saveLabel: string;
  /** The form's class. */
  className?: string;
  children: (result: FormResult | undefined) => ReactNode;
}) {
  const { fetcher, result, saving } = useIntentForm(intent);
  return (
    <Card layout={layout} title={title} description={description} footer={<SaveFooter formId={formId} {...saving} savedText={savedText} label={saveLabel} />}>
      <fetcher.Form method="post" id={formId} className={className}>
        <input type="hidden" name="intent" value={intent} />
        {children(result)}
      </fetcher.Form>
    </Card>
  );
}
