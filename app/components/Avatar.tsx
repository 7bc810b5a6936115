import { useEffect, useRef, useState } from "react";

/** An image, or the name's initials on a tinted tile when there is none. */
export function Avatar({
  src,
  name,
  shape = "round",
  size = "md",
  alt = "",
}: {
  src?: string | null;
  name: string;
  shape?: "round" | "square";
  size?: "sm" | "md" | "lg" | "xl";
  alt?: string;
}) {
  const className = `avatar avatar-${shape} avatar-${size}`;
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error with no listener: check once.
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (src && !failed) return <img ref={image} className={className} src={src} alt={alt} onError={() => setFailed(true)} />;
  return (
    <span className={`${className} avatar-initials`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/**
 * The first letters (or digits) of the first two words: "Google (Workspace)" is "GW", never
 * "G(" (issue 28). Words are runs of letters, marks and digits, so punctuation, symbols and
 * an email's domain give none; a name with no letter or digit at all is "?".
 */
export function initials(name: string): string {
  const words = name.replace(/@.*/, "").match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [];
  const letters = words.length > 1 ? firstCharacter(words[0]!) + firstCharacter(words[1]!) : words[0] ? firstCharacter(words[0]) : "?";
  return letters.toUpperCase();
}

/** A whole character, not half of a surrogate pair. */
function firstCharacter(word: string): string {
  return String.fromCodePoint(word.codePointAt(0)!);
}
