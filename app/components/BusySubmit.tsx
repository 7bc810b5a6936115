import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A form's submit button that, while the form is being sent (`busy`: its fetcher or the page
 * navigation is not idle), says what is happening and cannot be pressed again.
 */
export function BusySubmit({
  busy,
  busyLabel,
  children,
  ...button
}: { busy: boolean; busyLabel: string; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "children">) {
  return (
    <button type="submit" {...button} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
