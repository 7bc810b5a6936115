import { AppError } from "../platform/errors";

/**
 * Keyset pages, newest first, over (created_at, id): a page never shifts when new rows
 * arrive, and each page is one index walk however deep it is. The cursor is opaque to
 * callers: base64url of the last row's exact timestamp (microseconds, UTC) and id.
 */
export interface PageCursor {
  at: string;
  id: string;
}

export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const INVALID_CURSOR_MESSAGE = "Invalid page cursor";

/** SQL for a row's exact created_at, as the cursor carries it. */
export const CURSOR_AT_SQL = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, "utf8").toString("base64url");
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(value: string): PageCursor {
  const [at, id, extra] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !at || !id || !AT.test(at) || !UUID.test(id)) throw new AppError("BAD_REQUEST", INVALID_CURSOR_MESSAGE);
  return { at, id };
}

/** The rows of one page and the cursor of the next (null on the last page); `rows` holds up to limit + 1. */
export function pageOf<T extends { cursor_at: string; id: string }>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, nextCursor: encodeCursor({ at: last.cursor_at, id: last.id }) };
}
