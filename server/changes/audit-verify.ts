import type { EntityManager } from "@mikro-orm/postgresql";
import { GENESIS_HASH, chainHash } from "./audit-chain";
import { AUDIT_COLUMNS, type AuditRow } from "./audit-log";
import type { AuditVerifyResult } from "./audit-schemas";

const BATCH = 2000;

/**
 * Walks a workspace's chain in order from where it starts (the retention sweep's anchor, else
 * the genesis hash) and names the first break:
 * - `edited`: a row's content no longer gives its stored hash;
 * - `reordered`: a row follows another row than the one its predecessor hash names, and that
 *   row is elsewhere in the log;
 * - `removed`: a row's predecessor is nowhere in the log, or the log ends before the head the
 *   writer recorded (its last rows were deleted).
 */
export async function verifyAuditChain(em: EntityManager, tenantId: string): Promise<AuditVerifyResult> {
  const db = em.getConnection();
  const [chain] = await db.execute<{ head_seq: string; head_hash: string; anchor_seq: string; anchor_hash: string }[]>(
    `select head_seq::text, head_hash, anchor_seq::text, anchor_hash from audit_chains where tenant_id = ?`,
    [tenantId],
  );
  if (!chain) return { valid: true, rowsChecked: 0, headHash: GENESIS_HASH, firstInvalid: null, message: "The audit log is empty" };
  let expectedPrev = chain.anchor_hash;
  let expectedSeq = Number(chain.anchor_seq) + 1;
  let checked = 0;
  let after = Number(chain.anchor_seq);
  const broken = (problem: "edited" | "removed" | "reordered", seq: number, id: string | null, message: string): AuditVerifyResult => ({
    valid: false,
    rowsChecked: checked,
    headHash: chain.head_hash,
    firstInvalid: { problem, seq, id },
    message,
  });
  for (;;) {
    const rows = await db.execute<AuditRow[]>(`select ${AUDIT_COLUMNS} from audit_log where tenant_id = ? and seq > ? order by audit_log.seq limit ?`, [tenantId, after, BATCH]);
    for (const row of rows) {
      const recomputed = chainHash(row.prev_hash, {
        tenantId,
        time: new Date(row.created_at),
        actor: row.actor,
        action: row.action,
        target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
        address: row.address,
        userAgent: row.user_agent,
        requestId: row.request_id,
        changes: row.changes,
      });
      if (recomputed !== row.hash) return broken("edited", expectedSeq, row.id, `Row ${expectedSeq} (id ${row.id}) was edited: its content no longer matches its hash`);
      if (row.prev_hash !== expectedPrev) {
        const [elsewhere] = await db.execute(`select 1 from audit_log where tenant_id = ? and hash = ? limit 1`, [tenantId, row.prev_hash]);
        if (elsewhere) return broken("reordered", expectedSeq, row.id, `Row ${expectedSeq} (id ${row.id}) is out of order: the row it follows is elsewhere in the log`);
        return broken("removed", expectedSeq, row.id, `Row ${expectedSeq} was removed: row id ${row.id} follows a row that is no longer in the log`);
      }
      expectedPrev = row.hash;
      expectedSeq += 1;
      checked += 1;
    }
    if (rows.length < BATCH) break;
    after = Number(rows[rows.length - 1]!.seq);
  }
  if (expectedPrev !== chain.head_hash) {
    return broken("removed", expectedSeq, null, `Row ${expectedSeq} and any after it were removed: the log ends before its last recorded row`);
  }
  return { valid: true, rowsChecked: checked, headHash: chain.head_hash, firstInvalid: null, message: `The chain of ${checked} rows is intact` };
}
