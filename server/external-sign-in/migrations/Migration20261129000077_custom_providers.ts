import { Migration } from "../../platform/db/mikro-orm";

/**
 * GoTrue's custom OAuth and OpenID providers (issue 31, ADR 075): `custom_oauth_providers`,
 * written by the admin API (`/auth/v1/admin/custom-providers`) and read by `/authorize` and the
 * callback per request, so a provider added on one instance signs people in on every instance
 * without a restart. The client secret is sealed with INTEGRATION_ENCRYPTION_KEY (secret-box).
 * The identifier and URL rules are GoTrue's table constraints; the API checks them first with
 * GoTrue's 400s, the constraints keep any other writer honest.
 */
export class Migration20261129000077_custom_providers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table auth_custom_providers (
      id uuid primary key default gen_random_uuid(),
      provider_type text not null check (provider_type in ('oauth2', 'oidc')),
      identifier text not null unique check (identifier like 'custom:%' and identifier ~ '^[a-z0-9][a-z0-9:-]{0,48}[a-z0-9]$'),
      name text not null check (char_length(name) between 1 and 100),
      client_id text not null,
      client_secret_sealed text not null,
      acceptable_client_ids jsonb not null default '[]',
      scopes jsonb not null default '[]',
      pkce_enabled boolean not null default true,
      attribute_mapping jsonb not null default '{}',
      custom_claims_allowlist jsonb not null default '[]',
      authorization_params jsonb not null default '{}',
      enabled boolean not null default true,
      email_optional boolean not null default false,
      issuer text null,
      discovery_url text null,
      skip_nonce_check boolean not null default false,
      cached_discovery jsonb null,
      authorization_url text null,
      token_url text null,
      userinfo_url text null,
      jwks_uri text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint auth_custom_providers_oidc_requires_issuer check (provider_type <> 'oidc' or issuer is not null),
      constraint auth_custom_providers_oauth2_requires_endpoints check (
        provider_type <> 'oauth2' or (authorization_url is not null and token_url is not null and userinfo_url is not null))
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table auth_custom_providers;`);
  }
}
