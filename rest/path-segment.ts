/**
 * A path segment as the name it stands for. Malformed percent-encoding (`%E0%A4%A`, a lone
 * `%`) decodes to nothing a resource could be named, so it is kept as written: the lookup
 * then answers the route's own 404 instead of `decodeURIComponent` throwing a 500.
 */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
