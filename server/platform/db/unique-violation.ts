import { UniqueConstraintViolationException } from "./mikro-orm";

/**
 * A unique index refused the write. MikroORM converts the driver's error on the ORM path;
 * raw statements inside a transaction surface pg's own error, with SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof UniqueConstraintViolationException) return true;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause ?? (current as { previous?: unknown }).previous;
  }
  return false;
}
