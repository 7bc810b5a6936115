import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 16: GoTrue's passwordless sign-in, re-authentication and anonymous users.
 *  - auth_one_time_tokens: a mailed magic link and its six-digit code (one row, both hashed),
 *    or a re-authentication nonce; one live row per account and purpose, spent on use.
 *  - is_anonymous: GoTrue's anonymous users; they have no address until they add one, so
 *    the unique address index skips the empty address they hold meanwhile.
 *  - app_metadata: what the admin API sets (GoTrue's raw_app_meta_data, roles and the like);
 *    `provider`/`providers` are still derived from the account's identities.
 */
export class Migration20261126000021_passwordless_and_anonymous extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table auth_one_time_tokens (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references auth_users (id) on delete cascade,
        purpose text not null check (purpose in ('magiclink', 'reauthentication')),
        link_hash text unique,
        code_hash text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        unique (user_id, purpose)
      );`);
    this.addSql(`alter table auth_users add column is_anonymous boolean not null default false;`);
    this.addSql(`alter table auth_users add column app_metadata jsonb not null default '{}';`);
    this.addSql(`drop index auth_users_email_key;`);
    this.addSql(`create unique index auth_users_email_key on auth_users (lower(email)) where email <> '';`);
  }
}
