import { Migration } from "../mikro-orm";

/**
 * Apps with their environment variables, app keys (`svc_sk_*`, stored as hashes only), and
 * the append-only credit ledger with a trigger-maintained balance per workspace.
 */
export class Migration20261121000002_apps_keys_credits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table apps (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references tenants (id) on delete cascade,
        name text not null,
        kind text not null check (kind in ('app', 'cli')),
        created_by uuid not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index apps_tenant_id_idx on apps (tenant_id);`);
    this.addSql(`create unique index apps_one_cli_per_tenant on apps (tenant_id) where kind = 'cli';`);
    this.addSql(`
      create table app_env_vars (
        app_id uuid not null references apps (id) on delete cascade,
        key text not null,
        value_ciphertext text not null,
        kind text not null check (kind in ('user', 'integration')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (app_id, key)
      );`);
    this.addSql(`
      create table app_keys (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references tenants (id) on delete cascade,
        app_id uuid not null references apps (id) on delete cascade,
        issued_by uuid not null,
        issued_to_email text not null,
        purpose text not null check (purpose in ('app', 'cli')),
        display_prefix text not null,
        key_hash text not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create unique index app_keys_key_hash_key on app_keys (key_hash);`);
    this.addSql(`create index app_keys_tenant_id_idx on app_keys (tenant_id);`);
    this.addSql(`create index app_keys_issued_by_idx on app_keys (issued_by) where revoked_at is null;`);
    this.addSql(`
      create table credit_ledger (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references tenants (id),
        amount_micros bigint not null,
        kind text not null check (kind in ('welcome_grant', 'admin_grant', 'admin_deduct')),
        reference text null,
        idempotency_key text null,
        created_by uuid null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index credit_ledger_idempotency_key on credit_ledger (tenant_id, idempotency_key) where idempotency_key is not null;`);
    this.addSql(`create index credit_ledger_tenant_id_idx on credit_ledger (tenant_id, created_at);`);
    this.addSql(`
      create table tenant_balances (
        tenant_id uuid primary key references tenants (id),
        balance_micros bigint not null,
        updated_at timestamptz not null
      );`);
    // The balance is the sum of the ledger, kept in step inside the inserting transaction,
    // and every instance hears about the change when that transaction commits.
    this.addSql(`
      create function credit_ledger_apply() returns trigger language plpgsql as $$
      begin
        insert into tenant_balances as b (tenant_id, balance_micros, updated_at)
          values (new.tenant_id, new.amount_micros, new.created_at)
          on conflict (tenant_id) do update
            set balance_micros = b.balance_micros + excluded.balance_micros, updated_at = excluded.updated_at;
        perform pg_notify('svc_balance_changed', new.tenant_id::text);
        return new;
      end $$;`);
    this.addSql(`create trigger credit_ledger_apply after insert on credit_ledger for each row execute function credit_ledger_apply();`);
    this.addSql(`
      create function credit_ledger_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'credit_ledger is append-only';
      end $$;`);
    this.addSql(`create trigger credit_ledger_append_only before update or delete on credit_ledger for each row execute function credit_ledger_append_only();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists tenant_balances, credit_ledger, app_keys, app_env_vars, apps cascade;`);
    this.addSql(`drop function if exists credit_ledger_apply, credit_ledger_append_only;`);
  }
}
