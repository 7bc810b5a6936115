import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

/**
 * The dashboard's one success pattern: a short inline "… saved" beside the form that did
 * it, which clears as soon as the next action on the page starts (any form, fetcher,
 * navigation or upload), so an old "Profile saved" never sits beside a new upload.
 */

let actionsStarted = 0;
const listeners = new Set<() => void>();

/** For actions that are neither a Remix form nor a fetcher (the image upload's fetch). */
export function announceActionStart(): void {
  actionsStarted += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `message` while it is the latest word on the page; `token` changes with every new result
 * (pass the fetcher's data), so the same message after a second save shows again.
 */
export function useFreshSuccess(message: string | null | undefined, token: unknown): string {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const started = useSyncExternalStore(subscribe, () => actionsStarted, () => 0);
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const [shown, setShown] = useState<string>("");
  useEffect(() => {
    setShown(message ?? "");
  }, [message, token]);
  useEffect(() => {
    if (busy) setShown("");
  }, [busy]);
  // Only starts after this component mounted count (an upload long ago clears nothing new).
  const seen = useRef(started);
  useEffect(() => {
    if (started === seen.current) return;
    seen.current = started;
    setShown("");
  }, [started]);
  return shown;
}
