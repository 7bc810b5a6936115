import { Migration } from "../../platform/db/mikro-orm";

/**
 * Enterprise single sign-on (issue 32, ADR 079), GoTrue's `sso_providers`, `sso_domains` and
 * `saml_relay_states`, in one table for both kinds of provider so the OpenID connections of a
 * later round add rows, not tables:
 * - `sso_providers`: `tenant_id` null for one the service administrator made through the admin
 *   API, a workspace's id for one its owner made; SAML's entity ID (unique) and metadata;
 *   OpenID's issuer, client id and sealed secret (secret-box, as auth_custom_providers');
 *   GoTrue's attribute_mapping; the role a workspace's provider gives (never owner).
 * - `sso_domains`: an address's domain names its provider (lower case, one provider each).
 * - `sso_relay_states`: an SP-initiated sign-in, from `POST /auth/v1/sso` to the ACS: the
 *   AuthnRequest's ID (InResponseTo), `redirect_to`, PKCE's challenge; claimed once.
 * - `sso_used_assertions`: every accepted assertion's ID until it expires; a replay's insert
 *   hits the primary key, on whichever instance it arrives.
 */
export class Migration20261129000079_sso_providers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table sso_providers (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid null references tenants (id) on delete cascade,
      type text not null check (type in ('saml', 'oidc')),
      disabled boolean not null default false,
      resource_id text null unique,
      entity_id text null unique,
      metadata_xml text null,
      metadata_url text null,
      name_id_format text null,
      issuer text null,
      client_id text null,
      client_secret_sealed text null,
      attribute_mapping jsonb not null default '{}',
      default_role text not null default 'member' check (default_role in ('member', 'viewer')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint sso_providers_saml_fields check (type <> 'saml' or (entity_id is not null and metadata_xml is not null)),
      constraint sso_providers_oidc_fields check (type <> 'oidc' or (issuer is not null and client_id is not null))
    );`);
    this.addSql(`create index sso_providers_tenant_id_idx on sso_providers (tenant_id);`);
    this.addSql(`create table sso_domains (
      domain text primary key check (domain = lower(domain) and char_length(domain) between 1 and 253),
      provider_id uuid not null references sso_providers (id) on delete cascade,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index sso_domains_provider_id_idx on sso_domains (provider_id);`);
    this.addSql(`create table sso_relay_states (
      id uuid primary key,
      provider_id uuid not null references sso_providers (id) on delete cascade,
      request_id text not null,
      redirect_to text not null,
      code_challenge text null,
      code_challenge_method text null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create table sso_used_assertions (
      provider_id uuid not null references sso_providers (id) on delete cascade,
      assertion_id text not null,
      expires_at timestamptz not null,
      primary key (provider_id, assertion_id)
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table sso_used_assertions; drop table sso_relay_states; drop table sso_domains; drop table sso_providers;`);
  }
}
