import type { FormResult } from "./view-types";

/** The form-level error of a refused form's answer (a fetcher's `data`), if it has one. */
export function formErrorOf(result: FormResult | undefined): string | undefined {
  return result && !result.ok ? result.formError : undefined;
}
