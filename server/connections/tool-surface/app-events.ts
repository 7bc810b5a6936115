import { AppError } from "../../platform/errors";

/**
 * The query of `GET /api/deployments/me/events` (issue 7 section 7); the log itself is read by
 * server/connections/events.ts. The cursor is the last event's id as a decimal string; the
 * tool passes `nextCursor` back as `after` (docs/decisions/016).
 */

export const DEFAULT_EVENT_LIMIT = 50;
export const MAX_EVENT_LIMIT = 100;

const badCursor = () => new AppError("BAD_REQUEST", "after must be a cursor returned as nextCursor");
const badLimit = () => new AppError("BAD_REQUEST", `limit must be an integer from 1 to ${MAX_EVENT_LIMIT}`);

/** The query's `after` and `limit`, or 400: a mistyped cursor must not silently restart the log. */
export function parseEventQuery(params: URLSearchParams): { after: string | null; limit: number } {
  const afters = params.getAll("after");
  const limits = params.getAll("limit");
  if (afters.length > 1) throw badCursor();
  if (limits.length > 1) throw badLimit();
  const after = afters[0] ?? null;
  // bigserial ids: up to 19 digits; `0` is the start of the log.
  if (after !== null && !/^(0|[1-9][0-9]{0,18})$/.test(after)) throw badCursor();
  if (after !== null && BigInt(after) > 9223372036854775807n) throw badCursor();
  const rawLimit = limits[0];
  let limit = DEFAULT_EVENT_LIMIT;
  if (rawLimit !== undefined) {
    if (!/^[1-9][0-9]{0,2}$/.test(rawLimit)) throw badLimit();
    limit = Number(rawLimit);
    if (limit > MAX_EVENT_LIMIT) throw badLimit();
  }
  return { after, limit };
}

