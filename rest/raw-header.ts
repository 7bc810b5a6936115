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

/**
 * A header's first line, as Node's `headers` object keeps Host and the other single-valued
 * ones, without building that object: the raw declarations' Host test runs on every request
 * and was the only thing that built it on the session check's path (docs/decisions/092).
 */
export function firstRawHeader(raw: string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}
