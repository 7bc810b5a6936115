import type { StatusTone } from "./Field";
import { Field } from "./Field";
import type { SlugCheckState } from "~/lib/use-slug-check";

function describe(state: SlugCheckState): { text: string; tone: StatusTone } | null {
  switch (state.status) {
    case "idle":
      return null;
    case "checking":
      return { text: "Checking availability…", tone: "muted" };
    case "available":
      return { text: `${state.slug} is available`, tone: "success" };
    case "taken":
      return { text: "This workspace URL is already taken", tone: "danger" };
    case "reserved":
    case "invalid":
      return { text: state.message, tone: "danger" };
    case "error":
      return { text: "Couldn't check availability right now", tone: "muted" };
  }
}

/** True while the live check says the URL cannot be used: the form's submit button waits. */
export function slugBlocksSubmit(state: SlugCheckState): boolean {
  return state.status === "taken" || state.status === "reserved" || state.status === "invalid";
}

/**
 * The workspace URL input with its live availability check. The form owns the check
 * (`useSlugCheck`) so its submit button can follow it (slugBlocksSubmit).
 */
export function SlugField({
  value,
  onChange,
  prefix,
  error,
  disabled,
  check: state,
  hint = "2-20 characters: lowercase letters, numbers and hyphens.",
}: {
  value: string;
  onChange: (value: string) => void;
  prefix: string;
  error?: string;
  disabled?: boolean;
  check: SlugCheckState;
  hint?: string;
}) {
  return (
    <Field
      label="Workspace URL"
      name="slug"
      value={value}
      onChange={(event) => onChange(event.target.value.toLowerCase())}
      prefix={prefix}
      error={error}
      status={disabled ? undefined : describe(state)}
      hint={hint}
      disabled={disabled}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={40}
      required
    />
  );
}
