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

export function initials(name: string): string {
  const words = name.replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?").slice(0, 1);
  return letters.toUpperCase();
}
