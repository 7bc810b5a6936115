import { Migration } from "../../platform/db/mikro-orm";

/**
 * Two-step sign-in (issue 20, 1; ADR 045), GoTrue's MFA model: a person's factors (a TOTP
 * app whose secret is sealed with the integration key, or one set of recovery codes), the
 * challenges a verify answers, the recovery codes (hashed, single use), and the assurance
 * level each session reached. `last_step` is the highest TOTP time step accepted for a
 * factor: a code at or below it is a replay and is refused for the rest of its window.
 */
export class Migration20261126000024_mfa_factors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table auth_mfa_factors (
        id uuid primary key,
        user_id uuid not null references auth_users(id) on delete cascade,
        friendly_name text not null default '',
        factor_type text not null check (factor_type in ('totp', 'recovery_code')),
        status text not null default 'unverified' check (status in ('unverified', 'verified')),
        secret_ciphertext text,
        last_step bigint,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index auth_mfa_factors_user on auth_mfa_factors (user_id);`);
    this.addSql(`create unique index auth_mfa_factors_one_recovery_set on auth_mfa_factors (user_id) where factor_type = 'recovery_code';`);
    this.addSql(`
      create table auth_mfa_challenges (
        id uuid primary key,
        factor_id uuid not null references auth_mfa_factors(id) on delete cascade,
        ip_address text not null default '',
        created_at timestamptz not null default now(),
        verified_at timestamptz
      );`);
    this.addSql(`
      create table auth_mfa_recovery_codes (
        id uuid primary key default gen_random_uuid(),
        factor_id uuid not null references auth_mfa_factors(id) on delete cascade,
        code_hash text not null,
        used_at timestamptz
      );`);
    this.addSql(`create index auth_mfa_recovery_codes_factor on auth_mfa_recovery_codes (factor_id);`);
    this.addSql(`
      alter table auth_sessions
        add column aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
        add column mfa_method text,
        add column mfa_at timestamptz;`);
  }
}
