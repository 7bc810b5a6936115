import { useState } from "react";

/**
 * Local, editable state that starts as `source` and starts again whenever `source` changes
 * (a saved value coming back from the server). The reset happens during render, as React's
 * "adjusting state when a prop changes" advises, not in an effect: an effect runs a task
 * after the first paint, and a keystroke landing in that gap was overwritten by it.
 */
export function useStateFollowing<T>(source: T): [T, (value: T) => void] {
  const [value, setValue] = useState(source);
  const [followed, setFollowed] = useState(source);
  if (!Object.is(followed, source)) {
    setFollowed(source);
    setValue(source);
  }
  return [value, setValue];
}
