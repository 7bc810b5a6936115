import { Migration } from "../mikro-orm";

/**
 * Members and roles (invitations), deployments, and the app-proxy's handshake codes and
 * sessions. Tokens and codes are stored as SHA-256 hashes only.
 */
export class Migration20261124000003_members_deployments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table tenant_invitations (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references tenants (id) on delete cascade,
        email text not null,
        role text not null check (role in ('member', 'viewer')),
        token_hash text not null,
        invited_by uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        accepted_at timestamptz null,
        accepted_by uuid null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create unique index tenant_invitations_token_hash_key on tenant_invitations (token_hash);`);
    this.addSql(`create index tenant_invitations_tenant_id_idx on tenant_invitations (tenant_id);`);
    this.addSql(`
      create table deployments (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references tenants (id) on delete cascade,
        app_id uuid not null references apps (id) on delete cascade,
        name text not null,
        upstream_url text not null,
        access text not null default 'members' check (access in ('members', 'public')),
        manifest text null,
        created_by uuid not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        health_status text not null default 'unknown' check (health_status in ('unknown', 'healthy', 'unhealthy')),
        health_checked_at timestamptz null,
        health_detail text null
      );`);
    this.addSql(`create unique index deployments_tenant_name_key on deployments (tenant_id, name);`);
    this.addSql(`
      create table app_proxy_codes (
        code_hash text primary key,
        host text not null,
        user_id uuid not null,
        tenant_id uuid not null references tenants (id) on delete cascade,
        dashboard_session_id uuid null,
        email text not null,
        display_name text not null default '',
        return_path text not null,
        expires_at timestamptz not null,
        used_at timestamptz null
      );`);
    this.addSql(`
      create table app_sessions (
        id uuid primary key default gen_random_uuid(),
        token_hash text not null,
        host text not null,
        deployment_id uuid not null references deployments (id) on delete cascade,
        user_id uuid not null,
        tenant_id uuid not null references tenants (id) on delete cascade,
        dashboard_session_id uuid null,
        email text not null,
        display_name text not null default '',
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create unique index app_sessions_token_hash_key on app_sessions (token_hash);`);
    this.addSql(`create index app_sessions_user_tenant_idx on app_sessions (user_id, tenant_id);`);
    this.addSql(`create index app_sessions_dashboard_session_idx on app_sessions (dashboard_session_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists app_sessions, app_proxy_codes, deployments, tenant_invitations cascade;`);
  }
}
