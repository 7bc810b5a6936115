import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 16: GoTrue's admin `generate_link` and `invite` (docs/decisions/053).
 *  - auth_one_time_tokens carries their links and codes too: `confirmation` (sign-up and
 *    invite) and `email_change`, beside `magiclink` (also recovery) and `reauthentication`.
 *    One token scheme: the same hashed link and six-digit code, spent at /auth/v1/verify.
 *  - invited_at: when the account was last invited (GoTrue's `invited_at`).
 */
export class Migration20261126000031_admin_links extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_one_time_tokens drop constraint auth_one_time_tokens_purpose_check;`);
    this.addSql(
      `alter table auth_one_time_tokens add constraint auth_one_time_tokens_purpose_check check (purpose in ('magiclink', 'reauthentication', 'confirmation', 'email_change'));`,
    );
    this.addSql(`alter table auth_users add column invited_at timestamptz;`);
  }
}
