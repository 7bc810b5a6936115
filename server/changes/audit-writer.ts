import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { currentRequestActor, currentRequestId, currentRequestOrigin, type RequestActor } from "../platform/request-scope";
import type { AuditAction } from "./audit-actions";
import { GENESIS_HASH, canonicalContent, type AuditContent } from "./audit-chain";

/** Keys whose values never belong in an audit row, whatever a caller passes. */
const SECRET_KEY = /secret|token|password|credential|value|apikey|code/i;

function withoutSecrets(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([key]) => !SECRET_KEY.test(key)));
}

export interface AuditEntry {
  tenantId: string;
  action: AuditAction;
  target: { type: string; id: string } | null;
  changes: Record<string, unknown>;
  /** Defaults to the request's actor (`system` outside a request). */
  actor?: RequestActor | null;
  /** An account event: whose account, and the event its copies in the person's other workspaces share (not hashed: an index). */
  account?: AccountEventRef | null;
}

export interface AccountEventRef {
  userId: string;
  eventId: string;
}

/** chainHash (audit-chain.ts) in SQL: SHA-256 hex of the predecessor's hash, a newline and the canonical content. */
const HASH_SQL = (prev: string) => `encode(sha256(convert_to(${prev} || E'\\n' || ?, 'UTF8')), 'hex')`;

/**
 * A data-modifying statement that is the change itself, with `returning`: sent with its audit
 * row as one statement (`recordChangeWithStatement`).
 */
export interface ChangeStatement {
  sql: string;
  params: unknown[];
}

/** The row's content: the entry, the request's origin and id, and the time now. */
function auditContentOf(tenantId: string, entry: Omit<AuditEntry, "tenantId" | "account">): AuditContent {
  const origin = currentRequestOrigin();
  return {
    tenantId,
    time: new Date(),
    actor: entry.actor ?? currentRequestActor(),
    action: entry.action,
    target: entry.target,
    address: origin.clientAddress,
    userAgent: origin.userAgent,
    requestId: currentRequestId() ?? null,
    changes: withoutSecrets(entry.changes),
  };
}

const AUDIT_LOG_COLUMNS = "tenant_id, seq, created_at, actor, action, target_type, target_id, address, user_agent, request_id, changes, prev_hash, hash, account_id, account_event_id";
/** After the workspace: the values of `AUDIT_LOG_COLUMNS` from a head (`head_seq`, `head_hash`, `head_prev_hash`) and `auditRowParams`. */
const AUDIT_LOG_VALUES = "head_seq, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, head_prev_hash, head_hash, ?::uuid, ?::uuid";

function auditRowParams(content: AuditContent, account: AccountEventRef | null): unknown[] {
  return [
    content.time,
    JSON.stringify(content.actor),
    content.action,
    content.target?.type ?? null,
    content.target?.id ?? null,
    content.address,
    content.userAgent,
    content.requestId,
    JSON.stringify(content.changes),
    account?.userId ?? null,
    account?.eventId ?? null,
  ];
}

/**
 * Appends one row to the workspace's chain, inside the caller's transaction, in one statement:
 * the upsert advances the workspace's `audit_chains` head (number, hash over the previous
 * head's hash and this row's canonical content, the previous hash) and holds its row lock
 * until the transaction ends, and the row is inserted from what it returns. A concurrent change
 * in the same workspace waits on that lock and then chains onto this row, so the chain never
 * forks; a change that rolls back leaves neither row nor moved head. The content is made
 * canonical here (RFC 8785); PostgreSQL only hashes the bytes, as verification recomputes them.
 *
 * With `change`, the change's own statement runs first in the same statement (a `with` part)
 * and the head moves only if it changed a row; the answer is its `returning` rows. One
 * statement is one transaction, so the change and its row still commit together or not at
 * all, and the workspace's rows are locked for the statement only, not across round trips.
 */
export async function appendAuditRow<Row = never>(em: EntityManager, entry: AuditEntry, change?: ChangeStatement): Promise<Row[]> {
  const content = auditContentOf(entry.tenantId, entry);
  const canonical = canonicalContent(content);
  const head = `insert into audit_chains as c (tenant_id, head_seq, head_hash, head_prev_hash)
       ${change ? "select" : "values ("} ?, 1, ${HASH_SQL(`'${GENESIS_HASH}'`)}, '${GENESIS_HASH}' ${change ? "from (select 1 from change limit 1) as changed" : ")"}
       on conflict (tenant_id) do update set head_seq = c.head_seq + 1, head_hash = ${HASH_SQL("c.head_hash")}, head_prev_hash = c.head_hash
       returning head_seq, head_hash, head_prev_hash`;
  const row = `insert into audit_log (${AUDIT_LOG_COLUMNS}) select ?, ${AUDIT_LOG_VALUES} from head`;
  const rowParams = [entry.tenantId, ...auditRowParams(content, entry.account ?? null)];
  if (!change) {
    await em.execute(`with head as (${head}) ${row}`, [entry.tenantId, canonical, canonical, ...rowParams]);
    return [];
  }
  // Data-modifying `with` parts always run to the end, read or not; the answer is the change's rows.
  return em.execute<Row[]>(`with change as (${change.sql}), head as (${head}), appended as (${row}) select * from change`, [
    ...change.params,
    entry.tenantId,
    canonical,
    canonical,
    ...rowParams,
  ]);
}

/**
 * `with` parts that append one account event to the chain of each workspace `userId` is a
 * member of, inside a larger statement (a sign-in's, ADR 093): what `recordAccountChange` does
 * with a memberships read and one `appendAuditRow` per workspace, in no round trip of its own.
 * The heads are taken in workspace order, as there. The content is made canonical here with a
 * random stand-in for the workspace, which occurs once in it; PostgreSQL puts each workspace's
 * id (a uuid's text, its canonical JSON is itself in quotes) in the stand-in's place before
 * hashing, so every row hashes the bytes `canonicalContent` gives for it. The parts are named
 * `<prefix>_workspaces`, `<prefix>_heads`, `<prefix>_rows`, to follow a `with` or a comma.
 */
export function accountEventInEachWorkspace(prefix: string, userId: string, entry: Omit<AuditEntry, "tenantId" | "account">): ChangeStatement {
  const standIn = `workspace-${randomUUID()}`;
  const content = auditContentOf(standIn, entry);
  const [before, after, ...more] = canonicalContent(content).split(JSON.stringify(standIn));
  if (before === undefined || after === undefined || more.length > 0) throw new Error("audit content: the workspace's stand-in must occur once");
  const contentOf = (tenantId: string) => `(?::text || '"' || ${tenantId}::text || '"' || ?::text)`;
  const hashOf = (prev: string, tenantId: string) => `encode(sha256(convert_to(${prev} || E'\\n' || ${contentOf(tenantId)}, 'UTF8')), 'hex')`;
  const sql = `${prefix}_workspaces as (select tenant_id from tenant_memberships where user_id = ?),
     ${prefix}_heads as (
       insert into audit_chains as c (tenant_id, head_seq, head_hash, head_prev_hash)
       select tenant_id, 1, ${hashOf(`'${GENESIS_HASH}'`, "tenant_id")}, '${GENESIS_HASH}' from ${prefix}_workspaces order by tenant_id
       on conflict (tenant_id) do update set head_seq = c.head_seq + 1, head_hash = ${hashOf("c.head_hash", "c.tenant_id")}, head_prev_hash = c.head_hash
       returning tenant_id, head_seq, head_hash, head_prev_hash),
     ${prefix}_rows as (insert into audit_log (${AUDIT_LOG_COLUMNS}) select tenant_id, ${AUDIT_LOG_VALUES} from ${prefix}_heads)`;
  return { sql, params: [userId, before, after, before, after, ...auditRowParams(content, { userId, eventId: randomUUID() })] };
}
