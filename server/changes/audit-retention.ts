import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Deletes each workspace's rows older than `days`, always a prefix of its chain (every row up
 * to the newest old one, so a row out of time order cannot leave a hole), and moves the
 * chain's anchor to the last row deleted: the first kept row's predecessor hash stays known,
 * and what is kept still verifies (ADR 047). One statement, so a crash deletes nothing or
 * moves the anchor with the rows.
 */
export async function sweepAuditLog(em: EntityManager, days: number): Promise<{ deleted: number }> {
  const rows = await em.getConnection().execute<{ deleted: number }[]>(
    `with cut as (
       select tenant_id, max(seq) as seq from audit_log where created_at < now() - make_interval(days => ?) group by tenant_id
     ), doomed as (
       delete from audit_log a using cut where a.tenant_id = cut.tenant_id and a.seq <= cut.seq returning a.tenant_id, a.seq, a.hash
     ), last as (
       select distinct on (tenant_id) tenant_id, seq, hash from doomed order by tenant_id, seq desc
     ), anchored as (
       update audit_chains c set anchor_seq = last.seq, anchor_hash = last.hash from last where c.tenant_id = last.tenant_id and last.seq > c.anchor_seq returning c.tenant_id
     )
     select (select count(*) from doomed)::int as deleted`,
    [days],
  );
  return { deleted: rows[0]?.deleted ?? 0 };
}
