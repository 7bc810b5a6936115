import { invalidValue } from "./scim-error";

/** RFC 7644 section 3.4.2.4: 1-based `startIndex` (less than 1 is 1), `count` (negative is 0), at most MAX_RESULTS. */
export interface Page {
  startIndex: number;
  count: number;
}

export const MAX_RESULTS = 200;

function integer(value: string | null, name: string): number | null {
  if (value === null || value === "") return null;
  if (!/^-?\d{1,9}$/.test(value)) throw invalidValue(`${name} is an integer`);
  return Number(value);
}

export function pageFrom(query: URLSearchParams): Page {
  const startIndex = integer(query.get("startIndex"), "startIndex") ?? 1;
  const count = integer(query.get("count"), "count") ?? 100;
  return { startIndex: Math.max(1, startIndex), count: Math.min(MAX_RESULTS, Math.max(0, count)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

