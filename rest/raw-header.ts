/**
 * One header from Node's raw list, repeated lines joined by ", " as fetch's Headers would
 * (Node's own `headers` object silently keeps only the first Authorization line).
 */
export function rawHeader(raw: string[], name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}
