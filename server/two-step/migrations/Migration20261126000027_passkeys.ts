import { Migration } from "../../platform/db/mikro-orm";

/**
 * Passkeys (issue 20, 2; ADR 048), GoTrue's `webauthn_credentials` and `webauthn_challenges`:
 * a person's registered authenticators (the credential id as base64url, its COSE public key,
 * the signature counter) and the challenges a ceremony answers. Challenges live here, not in
 * one instance's memory, so options from one instance verify on another; a verify deletes its
 * challenge as it reads it, so each is used once.
 */
export class Migration20261126000027_passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table auth_passkeys (
        id uuid primary key,
        user_id uuid not null references auth_users(id) on delete cascade,
        credential_id text not null unique,
        public_key bytea not null,
        sign_count bigint not null default 0,
        transports jsonb not null default '[]'::jsonb,
        aaguid text not null default '',
        backup_eligible boolean not null default false,
        backed_up boolean not null default false,
        friendly_name text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        last_used_at timestamptz
      );`);
    this.addSql(`create index auth_passkeys_user on auth_passkeys (user_id);`);
    this.addSql(`
      create table auth_passkey_challenges (
        id uuid primary key,
        user_id uuid references auth_users(id) on delete cascade,
        kind text not null check (kind in ('registration', 'authentication')),
        challenge text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );`);
    this.addSql(`create index auth_passkey_challenges_expires on auth_passkey_challenges (expires_at);`);
  }
}
