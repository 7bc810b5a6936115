import type { StatusTone } from "./Field";
import { Field } from "./Field";
import { useSlugCheck, type SlugCheckState } from "~/lib/use-slug-check";

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

/** The workspace URL input with its live availability check. */
export function SlugField({
  value,
  onChange,
  prefix,
  error,
  disabled,
  skipCheck,
  hint = "2-20 characters: lowercase letters, numbers and hyphens.",
}: {
  value: string;
  onChange: (value: string) => void;
  prefix: string;
  error?: string;
  disabled?: boolean;
  /** True when the value needs no check, e.g. it is the workspace's current URL. */
  skipCheck?: boolean;
  hint?: string;
}) {
  const state = useSlugCheck(value, { skip: disabled || skipCheck });
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
