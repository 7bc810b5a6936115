import { Migration } from "../mikro-orm";

/**
 * Foundation schema: the built-in identity provider's accounts and refresh sessions,
 * service administrators, workspaces with their memberships, and the shared rate-limit
 * counters. Uniqueness lives here, in indexes, never in check-then-insert code.
 */
export class Migration20261121000001_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table auth_users (
        id uuid primary key default gen_random_uuid(),
        email text not null,
        password_hash text not null,
        user_metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index auth_users_email_key on auth_users (lower(email));`);
    this.addSql(`
      create table auth_sessions (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references auth_users (id) on delete cascade,
        refresh_token_hash text not null,
        created_at timestamptz not null default now(),
        refreshed_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create unique index auth_sessions_refresh_token_hash_key on auth_sessions (refresh_token_hash);`);
    this.addSql(`create index auth_sessions_user_id_idx on auth_sessions (user_id);`);
    this.addSql(`
      create table service_admins (
        user_id uuid primary key,
        email text not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table tenants (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        slug text not null,
        owner_id uuid not null,
        is_personal boolean not null default false,
        referral_code text not null,
        slug_chosen boolean not null default false,
        logo_url text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index tenants_slug_key on tenants (slug);`);
    this.addSql(`create unique index tenants_referral_code_key on tenants (referral_code);`);
    this.addSql(`create unique index tenants_one_production_per_owner on tenants (owner_id) where not is_personal;`);
    this.addSql(`
      create table tenant_memberships (
        tenant_id uuid not null references tenants (id) on delete cascade,
        user_id uuid not null,
        role text not null check (role in ('owner', 'member', 'viewer')),
        created_at timestamptz not null default now(),
        primary key (tenant_id, user_id)
      );`);
    this.addSql(`create index tenant_memberships_user_id_idx on tenant_memberships (user_id);`);
    this.addSql(`
      create table rate_limit_counters (
        key text primary key,
        window_start timestamptz not null,
        hits integer not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists rate_limit_counters, tenant_memberships, tenants, service_admins, auth_sessions, auth_users cascade;`);
  }
}
