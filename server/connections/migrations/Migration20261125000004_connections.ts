import { Migration } from "../../platform/db/mikro-orm";

/**
 * OAuth connections (issue 7): the integration catalog, connections with their encrypted
 * credentials, per-app bindings, the single-use OAuth state ledger, the popup's fallback
 * results, connect sessions (`svc_cs_`), the apps' allowed opener origins and the
 * append-only event log a deployed tool reads. Tokens and nonces are stored as SHA-256
 * hashes only.
 */
export class Migration20261125000004_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table integrations (
        slug text primary key,
        name text not null,
        description text not null default '',
        logo text not null default '',
        oauth_client_config jsonb not null default '{}',
        edited_by uuid null,
        edited_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table connections (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references tenants (id) on delete cascade,
        provider text not null,
        external_id text not null,
        display_name text not null,
        profile text not null check (profile in ('first_party', 'broker_managed')),
        encrypted_credential text null,
        credential_key_id text null,
        metadata jsonb not null default '{}',
        created_by uuid not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index connections_external_id_key on connections (external_id);`);
    this.addSql(`create index connections_tenant_provider_idx on connections (tenant_id, provider);`);
    this.addSql(`
      create table app_connection_bindings (
        app_id uuid not null references apps (id) on delete cascade,
        provider text not null,
        connection_id uuid not null references connections (id) on delete cascade,
        tenant_id uuid not null references tenants (id) on delete cascade,
        created_by uuid null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (app_id, provider)
      );`);
    this.addSql(`create index app_connection_bindings_connection_idx on app_connection_bindings (connection_id);`);
    this.addSql(`alter table apps add column allowed_origins text[] not null default '{}';`);
    // A nonce is consumed by inserting its hash: the primary key lets exactly one callback
    // win. A discovery flow parks its exchanged tokens (encrypted) on the row until the
    // person picks a project; taking them is a single update as well.
    this.addSql(`
      create table oauth_states (
        nonce_hash text primary key,
        consumed_at timestamptz not null default now(),
        expires_at timestamptz not null,
        pending_ciphertext text null
      );`);
    this.addSql(`create index oauth_states_expires_at_idx on oauth_states (expires_at);`);
    this.addSql(`
      create table oauth_results (
        sdk_nonce_hash text primary key,
        message jsonb not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );`);
    this.addSql(`create index oauth_results_expires_at_idx on oauth_results (expires_at);`);
    this.addSql(`
      create table connect_sessions (
        token_hash text primary key,
        app_id uuid not null references apps (id) on delete cascade,
        tenant_id uuid not null references tenants (id) on delete cascade,
        key_id uuid null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );`);
    this.addSql(`create index connect_sessions_expires_at_idx on connect_sessions (expires_at);`);
    // No foreign keys: the log outlives the apps and connections it speaks of.
    // app_id null = an event of the whole workspace (every app of the tenant sees it).
    this.addSql(`
      create table app_events (
        id bigserial primary key,
        tenant_id uuid not null,
        app_id uuid null,
        type text not null check (type in ('connection.created', 'connection.bound', 'connection.unbound', 'connection.revoked')),
        data jsonb not null default '{}',
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index app_events_tenant_id_idx on app_events (tenant_id, id);`);
    this.addSql(`create index app_events_app_id_idx on app_events (app_id, id);`);
    this.addSql(`
      create function app_events_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'app_events is append-only';
      end $$;`);
    this.addSql(`create trigger app_events_append_only before update or delete on app_events for each row execute function app_events_append_only();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists app_events, connect_sessions, oauth_results, oauth_states, app_connection_bindings, connections, integrations cascade;`);
    this.addSql(`drop function if exists app_events_append_only;`);
    this.addSql(`alter table apps drop column if exists allowed_origins;`);
  }
}
