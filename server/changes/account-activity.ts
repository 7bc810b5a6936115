import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import type { RequestActor } from "../platform/request-scope";
import { ACCOUNT_AUDIT_ACTIONS } from "./audit-actions";
import { AUDIT_COLUMNS, auditEntryView, type AuditRow } from "./audit-log";

/** The account events a person sees on their own profile page (issue 20 section 4). */
export const ACCOUNT_ACTIVITY_ACTIONS = ACCOUNT_AUDIT_ACTIONS;

export type AccountActivityAction = (typeof ACCOUNT_ACTIVITY_ACTIONS)[number];

export const ACCOUNT_ACTIVITY_PAGE_SIZE = 20;

/** The actions as an SQL list: constants of this file, never input. */
const ACTION_LIST = ACCOUNT_ACTIVITY_ACTIONS.map((action) => `'${action}'`).join(", ");

/** Every field optional, the input too: the first page is `list()`. */
export const accountActivityInput = z
  .object({
  cursor: z.string().regex(/^[1-9][0-9]{0,17}$/, "Invalid page cursor").optional().describe("The `nextCursor` of the previous page"),
  limit: z.number().int("limit must be 1-50").min(1, "limit must be 1-50").max(50, "limit must be 1-50").default(ACCOUNT_ACTIVITY_PAGE_SIZE),
  })
  .prefault({});
export type AccountActivityInput = z.infer<typeof accountActivityInput>;

/** One event of the person's account, as stored (the identity area says it in words). */
export interface AccountEventRow {
  id: string;
  time: string;
  action: AccountActivityAction;
  actor: RequestActor;
  target: { type: string; id: string } | null;
  address: string | null;
  userAgent: string | null;
  changes: Record<string, unknown>;
}

export interface AccountEventPage {
  events: AccountEventRow[];
  nextCursor: string | null;
  /** False: the person is in no workspace, and no workspace records their account's events. */
  recorded: boolean;
}

/**
 * A page of the person's own account events, newest first. Each event is written once in
 * every workspace of the person (ADR 047); it is shown once, as its first copy in a workspace
 * the person is still a member of. A workspace they left, or were never in, shows nothing of
 * theirs, and another person's events never match `account_id`. The cursor is the last shown
 * row's id: an event's first copy is below the cursor exactly when the event was not shown yet.
 */
export async function listAccountEvents(em: EntityManager, userId: string, input: AccountActivityInput): Promise<AccountEventPage> {
  const db = em.getConnection();
  const rows = await db.execute<AuditRow[]>(
    `with workspaces as (select tenant_id from tenant_memberships where user_id = ?)
     select ${AUDIT_COLUMNS}
       from audit_log a
      where a.account_id = ? and a.action in (${ACTION_LIST}) and a.tenant_id in (select tenant_id from workspaces)
        and (?::bigint is null or a.id < ?::bigint)
        and not exists (select 1 from audit_log b
                         where b.account_event_id = a.account_event_id and b.id < a.id and b.tenant_id in (select tenant_id from workspaces))
      order by a.id desc
      limit ?`,
    [userId, userId, input.cursor ?? null, input.cursor ?? null, input.limit + 1],
  );
  const page = rows.slice(0, input.limit);
  const recorded = (await db.execute<{ n: number }[]>(`select count(*)::int as n from tenant_memberships where user_id = ?`, [userId]))[0]!.n > 0;
  return {
    events: page.map((row) => {
      // The workspace log's view of the row, less what only the chain needs.
      const { id, time, action, actor, target, address, userAgent, changes } = auditEntryView(row);
      return { id, time, action: action as AccountActivityAction, actor, target, address, userAgent, changes };
    }),
    nextCursor: rows.length > input.limit ? page[page.length - 1]!.id : null,
    recorded,
  };
}
