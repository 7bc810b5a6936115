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
 * Appends one row to the workspace's chain, inside the caller's transaction, in one statement:
 * the upsert advances the workspace's `audit_chains` head (number, hash over the previous
 * head's hash and this row's canonical content, the previous hash) and holds its row lock
 * until the transaction ends, and the row is inserted from what it returns. A concurrent change
 * in the same workspace waits on that lock and then chains onto this row, so the chain never
 * forks; a change that rolls back leaves neither row nor moved head. The content is made
 * canonical here (RFC 8785); PostgreSQL only hashes the bytes, as verification recomputes them.
 */
export async function appendAuditRow(tx: EntityManager, entry: AuditEntry): Promise<void> {
  const origin = currentRequestOrigin();
  const content: AuditContent = {
    tenantId: entry.tenantId,
    time: new Date(),
    actor: entry.actor ?? currentRequestActor(),
    action: entry.action,
    target: entry.target,
    address: origin.clientAddress,
    userAgent: origin.userAgent,
    requestId: currentRequestId() ?? null,
    changes: withoutSecrets(entry.changes),
  };
  const canonical = canonicalContent(content);
  await tx.execute(
    `with head as (
       insert into audit_chains as c (tenant_id, head_seq, head_hash, head_prev_hash) values (?, 1, ${HASH_SQL(`'${GENESIS_HASH}'`)}, '${GENESIS_HASH}')
       on conflict (tenant_id) do update set head_seq = c.head_seq + 1, head_hash = ${HASH_SQL("c.head_hash")}, head_prev_hash = c.head_hash
       returning head_seq, head_hash, head_prev_hash)
     insert into audit_log (tenant_id, seq, created_at, actor, action, target_type, target_id, address, user_agent, request_id, changes, prev_hash, hash, account_id, account_event_id)
     select ?, head_seq, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, head_prev_hash, head_hash, ?::uuid, ?::uuid from head`,
    [
      entry.tenantId,
      canonical,
      canonical,
      entry.tenantId,
      content.time,
      JSON.stringify(content.actor),
      content.action,
      content.target?.type ?? null,
      content.target?.id ?? null,
      content.address,
      content.userAgent,
      content.requestId,
      JSON.stringify(content.changes),
      entry.account?.userId ?? null,
      entry.account?.eventId ?? null,
    ],
  );
}
