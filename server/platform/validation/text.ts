import { z } from "zod";

/**
 * What a name may hold (workspace, display, app names, references; docs/decisions/007):
 * any Unicode text except
 *  - control characters (C0 including NUL, DEL, C1): PostgreSQL refuses NUL outright, and
 *    tabs or newlines in a one-line name only ever come from a paste gone wrong or a probe;
 *  - unpaired surrogates: not text at all, they cannot be stored as UTF-8;
 *  - bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), line and paragraph
 *    separators, the BOM and the noncharacters U+FFFE/U+FFFF: they make a name display as
 *    something other than what it is.
 * Emoji (with their joiners), accents and every script stay allowed.
 */
const NOT_IN_NAMES = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]/u;

/** Multi-line values (environment variables) may hold tabs and newlines, never NUL or broken UTF-16. */
const NOT_IN_VALUES = /[\u0000\p{Cs}]/u;

export function isSafeName(value: string): boolean {
  return !NOT_IN_NAMES.test(value);
}

export function isSafeValue(value: string): boolean {
  return !NOT_IN_VALUES.test(value);
}

/** A trimmed one-line name of `min`-`max` characters; every failure answers `message`. */
export function nameSchema(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, message)
    .refine(isSafeName, { message });
}
