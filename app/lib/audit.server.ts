import { AUDIT_ACTIONS, type AuditEntryView } from "../../server/changes";
import type { DashboardRequest } from "./caller.server";
import { describeFailure } from "./form-errors.server";

/** The page's filters as the form sends them: dates (YYYY-MM-DD) rather than instants. */
export interface AuditFilterView {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export interface AuditPageView {
  entries: AuditEntryView[];
  nextCursor: string | null;
  filters: AuditFilterView;
  actions: string[];
  /** The export links' query: the same filters, without the page cursor. */
  exportQuery: string;
  /** A filter the service refused, said plainly; the list is then empty. */
  filterError: string | null;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A day from the form as the API's instant; `to` includes its whole day. Not a date: passed on for the API to refuse. */
function instant(day: string, endOfDay: boolean): string {
  if (!DATE.test(day)) return day;
  const start = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start)) return day;
  return new Date(start + (endOfDay ? DAY_MS : 0)).toISOString();
}

/** One page of the audit log for `/audit`, filtered as the query says (`?actor=&action=&from=&to=&cursor=`). */
export async function loadAuditPage(dashboard: DashboardRequest, request: Request): Promise<AuditPageView> {
  const params = new URL(request.url).searchParams;
  const filters: AuditFilterView = {
    actor: (params.get("actor") ?? "").trim(),
    action: params.get("action") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  const query: Record<string, string> = {};
  if (filters.actor) query.actor = filters.actor;
  if (filters.action) query.action = filters.action;
  if (filters.from) query.since = instant(filters.from, false);
  if (filters.to) query.until = instant(filters.to, true);
  const exportQuery = new URLSearchParams(query).toString();
  const cursor = params.get("cursor");
  const base = { filters, actions: [...AUDIT_ACTIONS], exportQuery };
  try {
    const page = await dashboard.caller.auditLog.list({ ...query, ...(cursor ? { cursor } : {}), limit: 50 } as never);
    return { ...base, entries: page.entries, nextCursor: page.nextCursor, filterError: null };
  } catch (error) {
    const failure = describeFailure(error, request);
    if (failure.status !== 400) throw error;
    return { ...base, entries: [], nextCursor: null, filterError: failure.message };
  }
}
