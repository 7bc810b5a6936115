import { Migration } from "../../platform/db/mikro-orm";

/**
 * GoTrue's secure email change (issue 16): with mail, a new address waits in `new_email`
 * until the link mailed to it is followed; the link is an email confirmation that carries it.
 */
export class Migration20261126000015_email_change extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_users add column new_email text;`);
    this.addSql(`alter table email_confirmations add column new_email text;`);
  }
}
