import type { ReactNode } from "react";
import { useDisclosure } from "./use-disclosure";

/**
 * One of the header's drop-down groups (the account, the service administration): a
 * disclosure button and the panel under it. Without JavaScript the button cannot toggle, so
 * no-script.css hides it and shows the panel's links in the header instead.
 */
export function HeaderMenu({ id, label, buttonLabel, className, children }: {
  /** The panel's id, for `aria-controls`. */
  id: string;
  /** What the button shows. */
  label: ReactNode;
  /** The button's accessible name when its content alone would not say what it opens. */
  buttonLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const { open, buttonProps, panelProps } = useDisclosure(id);
  return (
    <div className={`header-menu${className ? ` ${className}` : ""}`}>
      <button {...buttonProps} className="header-menu-button" aria-label={buttonLabel}>
        {label}
        <span className="chevron" aria-hidden="true" />
      </button>
      <div {...panelProps} className={`header-menu-panel${open ? " is-open" : ""}`}>
        {children}
      </div>
    </div>
  );
}
