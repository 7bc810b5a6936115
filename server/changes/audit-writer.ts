import type { EntityManager } from "@mikro-orm/postgresql";
import { currentRequestActor, currentRequestId, currentRequestOrigin, type RequestActor } from "../platform/request-scope";
import type { AuditAction } from "./audit-actions";
import { chainHash, type AuditContent } from "./audit-chain";

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
}

/**
 * Appends one row to the workspace's chain, inside the caller's transaction. The upsert on
 * the workspace's `audit_chains` row takes its row lock until the transaction ends, so a
 * concurrent change in the same workspace waits here and then chains onto this row: the
 * chain never forks, and a change that rolls back leaves neither row nor moved head.
 */
export async function appendAuditRow(tx: EntityManager, entry: AuditEntry): Promise<void> {
  const [head] = await tx.execute<{ head_seq: string; head_hash: string }[]>(
    `insert into audit_chains (tenant_id) values (?) on conflict (tenant_id) do update set head_seq = audit_chains.head_seq returning head_seq::text, head_hash`,
    [entry.tenantId],
  );
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
  const seq = BigInt(head!.head_seq) + 1n;
  const rowHash = chainHash(head!.head_hash, content);
  await tx.execute(
    `with appended as (
       insert into audit_log (tenant_id, seq, created_at, actor, action, target_type, target_id, address, user_agent, request_id, changes, prev_hash, hash)
       values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?) returning tenant_id)
     update audit_chains set head_seq = ?, head_hash = ? where tenant_id = (select tenant_id from appended)`,
    [
      entry.tenantId,
      seq.toString(),
      content.time,
      JSON.stringify(content.actor),
      content.action,
      content.target?.type ?? null,
      content.target?.id ?? null,
      content.address,
      content.userAgent,
      content.requestId,
      JSON.stringify(content.changes),
      head!.head_hash,
      rowHash,
      seq.toString(),
      rowHash,
    ],
  );
}
