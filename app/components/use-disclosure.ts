import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useStateResetOn } from "~/lib/use-state-following";

/**
 * A disclosure (the WAI-ARIA "disclosure navigation" pattern, not an ARIA menu: the panels
 * hold plain links that Tab reaches in order): a button with `aria-expanded` and
 * `aria-controls` that shows and hides one panel. Escape closes it and puts focus back on the
 * button, so a keyboard or screen-reader user is never left on a link that vanished; so does
 * following a link (a new location). A click or focus outside the button and the panel closes
 * it quietly, so at most one header menu is open at a time. No headless-UI library is in the
 * stack, and this is all the header needs (ADR 052).
 */
export function useDisclosure(panelId: string) {
  const location = useLocation();
  // A new location (a link followed) closes the panel.
  const [open, setOpen] = useStateResetOn(false, `${location.pathname}${location.search}${location.hash}`);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && Boolean(buttonRef.current?.contains(target) || panelRef.current?.contains(target));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (!inside(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open]);

  return {
    open,
    buttonProps: {
      ref: buttonRef,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((was) => !was),
    },
    panelProps: { ref: panelRef, id: panelId },
  };
}
