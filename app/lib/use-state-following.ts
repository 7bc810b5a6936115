import { useState, type Dispatch, type SetStateAction } from "react";

/**
 * Local state that starts as `initial` and starts again whenever `key` changes (a saved value
 * coming back from the server, a new location). The reset happens during render, as React's
 * "adjusting state when a prop changes" advises, not in an effect: an effect runs a task after
 * the first paint, and a keystroke or a click landing in that gap was undone by it.
 */
export function useStateResetOn<T>(initial: T, key: unknown): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  const [seenKey, setSeenKey] = useState(key);
  if (!Object.is(seenKey, key)) {
    setSeenKey(key);
    setValue(initial);
  }
  return [value, setValue];
}

/** Editable state that starts as `source` and follows it when it changes. */
export function useStateFollowing<T>(source: T): [T, Dispatch<SetStateAction<T>>] {
  return useStateResetOn(source, source);
}
