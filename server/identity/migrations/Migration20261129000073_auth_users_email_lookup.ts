import { Migration } from "../../platform/db/mikro-orm";

/**
 * A password sign-in finds its account by `email = ?` (the address as sign-up stored it,
 * already lower-case); the only index on the column was the unique one on `lower(email)`,
 * which that comparison cannot use, so every sign-in read the whole table (issue 30, ADR 073).
 */
export class Migration20261129000073_auth_users_email_lookup extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index auth_users_email_idx on auth_users (email);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index auth_users_email_idx;`);
  }
}
