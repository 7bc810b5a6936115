import { Migration } from "../../platform/db/mikro-orm";

/**
 * OAuth clients a workspace owner registers on an app's page (issue 15, "Clients" (c), ADR 050).
 * Kept apart from `oauth_records` (what the library stores for itself) because they belong to
 * an app of a workspace: they go with the app, and the consent page names the workspace that
 * vouches for them. The secret is stored as its SHA-256 only (`sha256$…`, the form the
 * library's comparison expects, hashed-client-secrets.ts); public clients have none.
 */
export class Migration20261126000029_registered_oauth_clients extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oauth_registered_clients (
      client_id text primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      app_id uuid not null references apps (id) on delete cascade,
      name text not null,
      logo_uri text,
      redirect_uris text[] not null,
      confidential boolean not null,
      secret_hash text,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      secret_rotated_at timestamptz,
      check (confidential = (secret_hash is not null))
    );`);
    this.addSql(`create index oauth_registered_clients_app on oauth_registered_clients (app_id);`);
  }
}
