import { useFetcher } from "@remix-run/react";
import type { FormResult } from "~/lib/view-types";

/**
 * A card's own form: its fetcher, the answer to this card's `intent` (a page's cards share one
 * action, so another card's answer is not this one's), whether a submission is under way, and
 * those as the props a SaveFooter takes.
 */
export function useIntentForm(intent: string) {
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const saving = { busy, saved: Boolean(result?.ok), result: fetcher.data };
  return { fetcher, result, busy, saving };
}
