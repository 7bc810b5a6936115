import { Migration } from "../../platform/db/mikro-orm";

/**
 * The workspace audit log (issue 20 section 4, ADR 047). Each workspace's rows form a hash
 * chain: `hash` is SHA-256 over `prev_hash` and the row's canonical content, and `seq` numbers
 * the rows of one workspace from 1. `audit_chains` holds each workspace's head (the last row's
 * number, hash and predecessor's hash): the writer advances it and appends the row in one
 * statement, in the transaction of the change, which holds the head's row lock, so concurrent
 * changes in one workspace append one after another and never fork the chain, and a removed
 * last row shows. `anchor_*` is where the retention sweep cut the chain: the first kept row's
 * predecessor, so what is kept still verifies.
 */
export class Migration20261126000028_audit_log extends Migration {
  override async up(): Promise<void> {
    const genesis = "0".repeat(64);
    this.addSql(`
      create table audit_chains (
        tenant_id uuid primary key references tenants (id) on delete cascade,
        head_seq bigint not null default 0,
        head_hash text not null default '${genesis}',
        head_prev_hash text not null default '${genesis}',
        anchor_seq bigint not null default 0,
        anchor_hash text not null default '${genesis}'
      );`);
    this.addSql(`
      create table audit_log (
        id bigserial primary key,
        tenant_id uuid not null references tenants (id) on delete cascade,
        seq bigint not null,
        created_at timestamptz not null,
        actor jsonb not null,
        action text not null,
        target_type text null,
        target_id text null,
        address text null,
        user_agent text null,
        request_id text null,
        changes jsonb not null default '{}',
        prev_hash text not null,
        hash text not null,
        unique (tenant_id, seq)
      );`);
    this.addSql(`create index audit_log_tenant_time_idx on audit_log (tenant_id, created_at);`);
    this.addSql(`comment on table audit_log is 'The workspace audit log: one row per security-relevant change, written in its transaction, hash-chained per workspace (ADR 047).';`);
  }
}
