import { Migration } from "../../platform/db/mikro-orm";

/** GoTrue's `last_sign_in_at` in the user object (issue 16); accounts made before keep none until they sign in. */
export class Migration20261126000016_last_sign_in extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_users add column last_sign_in_at timestamptz;`);
  }
}
