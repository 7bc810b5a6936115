import { Migration } from "../mikro-orm";

/**
 * Issue 10's basics: a name for every API key, one-time password reset links (only their
 * hash is stored), and the index the credits history pages by.
 */
export class Migration20261125000006_dashboard_basics extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table app_keys add column name text null;`);
    this.addSql(`
      create table password_reset_links (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references auth_users (id) on delete cascade,
        token_hash text not null,
        issued_by uuid null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null
      );`);
    this.addSql(`create unique index password_reset_links_token_hash_key on password_reset_links (token_hash);`);
    this.addSql(`create index password_reset_links_user_id_idx on password_reset_links (user_id) where used_at is null;`);
    // The history pages newest first, by (created_at, id): one index walk per page.
    this.addSql(`create index credit_ledger_history_idx on credit_ledger (tenant_id, created_at desc, id desc);`);
    this.addSql(`create index tenants_created_at_idx on tenants (created_at desc, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists tenants_created_at_idx;`);
    this.addSql(`drop index if exists credit_ledger_history_idx;`);
    this.addSql(`drop table if exists password_reset_links;`);
    this.addSql(`alter table app_keys drop column if exists name;`);
  }
}
