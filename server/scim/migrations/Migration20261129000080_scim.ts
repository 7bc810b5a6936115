import { Migration } from "../../platform/db/mikro-orm";

/**
 * SCIM 2.0 provisioning (issue 32, ADR 080): a workspace's SCIM tokens (only their SHA-256
 * kept), the users and groups its directory provisioned, and on the account the workspace
 * that made it (a managed account) and whether it is suspended.
 *
 * A SCIM user is the directory's view of one membership: `active = false` keeps the row (and
 * the role to give back) while the membership itself is gone, so every check of membership
 * that exists already refuses the person at once.
 */
export class Migration20261129000080_scim extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table scim_tokens (
        id uuid primary key,
        tenant_id uuid not null references tenants (id) on delete cascade,
        token_hash text not null,
        display_prefix text not null,
        created_by uuid null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create unique index scim_tokens_token_hash_key on scim_tokens (token_hash);`);
    this.addSql(`create index scim_tokens_tenant_id_idx on scim_tokens (tenant_id);`);
    this.addSql(`
      create table scim_users (
        id uuid primary key,
        tenant_id uuid not null references tenants (id) on delete cascade,
        user_id uuid not null references auth_users (id) on delete cascade,
        user_name text not null,
        external_id text null,
        display_name text null,
        given_name text null,
        family_name text null,
        active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index scim_users_user_name_key on scim_users (tenant_id, lower(user_name));`);
    this.addSql(`create unique index scim_users_user_key on scim_users (tenant_id, user_id);`);
    this.addSql(`create index scim_users_external_id_idx on scim_users (tenant_id, external_id);`);
    this.addSql(`
      create table scim_groups (
        id uuid primary key,
        tenant_id uuid not null references tenants (id) on delete cascade,
        display_name text not null,
        external_id text null,
        role text null check (role in ('member', 'viewer')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index scim_groups_display_name_key on scim_groups (tenant_id, lower(display_name));`);
    this.addSql(`
      create table scim_group_members (
        group_id uuid not null references scim_groups (id) on delete cascade,
        scim_user_id uuid not null references scim_users (id) on delete cascade,
        primary key (group_id, scim_user_id)
      );`);
    this.addSql(`create index scim_group_members_user_idx on scim_group_members (scim_user_id);`);
    this.addSql(`alter table auth_users add column managed_by_tenant_id uuid null references tenants (id) on delete set null, add column suspended_at timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table auth_users drop column managed_by_tenant_id, drop column suspended_at;`);
    this.addSql(`drop table if exists scim_group_members, scim_groups, scim_users, scim_tokens cascade;`);
  }
}
