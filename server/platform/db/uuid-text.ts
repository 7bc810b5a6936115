/**
 * PostgreSQL's text form of a uuid: lower-case hex in 8-4-4-4-12. Only this form equals
 * `id::text`, so comparing `id = ?::uuid` for these strings, and matching nothing for any
 * other, answers exactly as `id::text = ?` did, while the lookup goes through the primary
 * key instead of a sequential scan (issue 30, ADR 073). A string PostgreSQL would refuse
 * never reaches it (no 500 for a made-up id), nor one it would accept in another spelling
 * (upper case, braces), which `id::text = ?` never matched.
 */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuidText(value: unknown): value is string {
  return typeof value === "string" && UUID_TEXT.test(value);
}
