import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 19 item 4 (ADR 041). `app_events` becomes the workspace's change log: every change
 * type of the closed list (server/changes/change-types.ts) may be recorded, with room for who
 * did it and what it touched (the audit log of issue 20 fills `actor` and `target`). A change
 * that webhooks announce also writes one `webhook_deliveries` row per subscribed endpoint in
 * the same transaction: that row is the outbox, claimed by the delivery worker.
 */
export class Migration20261126000020_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table app_events drop constraint app_events_type_check;`);
    this.addSql(`
      alter table app_events add constraint app_events_type_check check (type in (
        'connection.created', 'connection.bound', 'connection.unbound', 'connection.revoked', 'connection.deleted',
        'connection.reconnected', 'connection.needs_reauth', 'deployment.created', 'deployment.deleted',
        'member.added', 'member.removed'));`);
    this.addSql(`alter table app_events add column actor jsonb null, add column target_type text null, add column target_id text null;`);
    this.addSql(`comment on table app_events is 'The workspace change log: one row per change, written in the transaction of the change (ADR 041).';`);
    this.addSql(`
      create table webhook_endpoints (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references tenants (id) on delete cascade,
        url text not null,
        description text not null default '',
        event_types text[] not null default '{}',
        secret_ciphertext text not null,
        created_by uuid null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        failing_since timestamptz null,
        disabled_at timestamptz null,
        disabled_reason text null
      );`);
    this.addSql(`create index webhook_endpoints_tenant_idx on webhook_endpoints (tenant_id, created_at);`);
    // The outbox: one row per endpoint and change. `next_attempt_at` is also the claim's lease:
    // a worker that claims a row pushes it past its timeout, so a crashed worker's row comes due again.
    this.addSql(`
      create table webhook_deliveries (
        id bigserial primary key,
        endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
        change_id bigint not null references app_events (id),
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        next_attempt_at timestamptz not null default now(),
        schedule_step int not null default 0,
        created_at timestamptz not null default now(),
        finished_at timestamptz null,
        unique (endpoint_id, change_id)
      );`);
    this.addSql(`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';`);
    this.addSql(`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id);`);
    this.addSql(`
      create table webhook_attempts (
        id bigserial primary key,
        delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
        attempted_at timestamptz not null default now(),
        webhook_timestamp bigint not null,
        response_status int null,
        latency_ms int not null,
        response_excerpt text not null default '',
        error text null
      );`);
    this.addSql(`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists webhook_attempts, webhook_deliveries, webhook_endpoints;`);
    this.addSql(`alter table app_events drop column actor, drop column target_type, drop column target_id;`);
  }
}
