/**
 * PostgreSQL refusing a value the client sent (a NUL in text or jsonb, bytes that are not
 * UTF-8, a string where a uuid belongs). Validation should catch these first; this is the
 * safety net that keeps one we missed a 400 instead of a 500.
 */
const INVALID_INPUT_CODES = new Set([
  "22P05", // untranslatable_character (\u0000 in jsonb)
  "22021", // character_not_in_repertoire (NUL in text, invalid UTF-8)
  "22P02", // invalid_text_representation (e.g. not a uuid)
]);

export function isInvalidDatabaseInput(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && INVALID_INPUT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause ?? (current as { previous?: unknown }).previous;
  }
  return false;
}
