import { useRef, useState } from "react";

/**
 * Copy `text` to the clipboard, for a Copy button beside a shown secret or link. When the
 * clipboard is unavailable the text's element is selected so the visitor can copy it by
 * hand, and the status says so. `what` names it in that message ("the key", "the link").
 */
export function useCopy<T extends HTMLElement>(text: string, what: string) {
  const [status, setStatus] = useState("");
  const ref = useRef<T>(null);

  function select() {
    const node = ref.current;
    const selection = typeof window === "undefined" ? null : window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setStatus("Copied to clipboard");
    } catch {
      select();
      setStatus(`Could not copy automatically: ${what} is selected, press Ctrl+C (⌘C) to copy it`);
    }
  }

  return { ref, status, copy };
}
