import type { EntityManager } from "@mikro-orm/postgresql";
import { CURSOR_AT_SQL, decodeCursor, pageOf } from "./pages";
import type { LedgerKind } from "./ledger-service";
import { formatCredits } from "./money";

export interface LedgerEntryView {
  id: string;
  createdAt: string;
  kind: LedgerKind;
  /** Signed credits, e.g. "-2.500000". */
  amount: string;
  reference: string | null;
  /** Who wrote it: the administrator's email; null for the service's own entries (welcome grant). */
  by: string | null;
}

/** One page of a workspace's ledger, newest first. */
export async function ledgerPage(
  em: EntityManager,
  tenantId: string,
  options: { cursor?: string; limit: number },
): Promise<{ entries: LedgerEntryView[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await em.getConnection().execute<
    { id: string; cursor_at: string; kind: LedgerKind; amount_micros: string; reference: string | null; email: string | null }[]
  >(
    `select l.id, ${CURSOR_AT_SQL("l.created_at")} as cursor_at, l.kind, l.amount_micros, l.reference, u.email
       from credit_ledger l left join auth_users u on u.id = l.created_by
      where l.tenant_id = ? ${after ? "and (l.created_at, l.id) < (?::timestamptz, ?::uuid)" : ""}
      order by l.created_at desc, l.id desc
      limit ?`,
    [tenantId, ...(after ? [after.at, after.id] : []), options.limit + 1],
  );
  const page = pageOf(rows, options.limit);
  return {
    entries: page.rows.map((row) => ({
      id: row.id,
      createdAt: row.cursor_at,
      kind: row.kind,
      amount: formatCredits(BigInt(row.amount_micros)),
      reference: row.reference,
      by: row.email,
    })),
    nextCursor: page.nextCursor,
  };
}

export interface TenantBalanceView {
  id: string;
  name: string;
  slug: string;
  balance: string;
}

/** One page of every workspace with its balance, newest first (the admin credits page). */
export async function tenantsPage(
  em: EntityManager,
  options: { cursor?: string; limit: number },
): Promise<{ workspaces: TenantBalanceView[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await em.getConnection().execute<{ id: string; cursor_at: string; name: string; slug: string; balance_micros: string | null }[]>(
    `select t.id, ${CURSOR_AT_SQL("t.created_at")} as cursor_at, t.name, t.slug, b.balance_micros
       from tenants t left join tenant_balances b on b.tenant_id = t.id
      ${after ? "where (t.created_at, t.id) < (?::timestamptz, ?::uuid)" : ""}
      order by t.created_at desc, t.id desc
      limit ?`,
    [...(after ? [after.at, after.id] : []), options.limit + 1],
  );
  const page = pageOf(rows, options.limit);
  return {
    workspaces: page.rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, balance: formatCredits(BigInt(row.balance_micros ?? "0")) })),
    nextCursor: page.nextCursor,
  };
}
