import { Migration } from "../../platform/db/mikro-orm";

/**
 * Confirmed addresses (docs/decisions/034): with mail (SMTP_URL) a new account is confirmed
 * through a mailed link before it can sign in. Accounts made before this count as confirmed.
 * Only the link's hash is stored.
 */
export class Migration20261126000009_email_confirmation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_users add column email_confirmed_at timestamptz;`);
    this.addSql(`update auth_users set email_confirmed_at = created_at;`);
    this.addSql(`
      create table email_confirmations (
        token_hash text primary key,
        user_id uuid not null references auth_users (id) on delete cascade,
        expires_at timestamptz not null,
        used_at timestamptz
      );`);
    this.addSql(`create index email_confirmations_user on email_confirmations (user_id);`);
  }
}
