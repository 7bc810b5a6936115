import { Migration } from "../../platform/db/mikro-orm";

/**
 * A session opened by an upstream provider says so in its access token's `amr` (`oauth`, as
 * GoTrue's), across refreshes: the session row keeps the method. Null is what every session
 * before had: a password (or anonymous) sign-in.
 */
export class Migration20261129000078_session_sign_in_method extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_sessions add column sign_in_method text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table auth_sessions drop column sign_in_method;`);
  }
}
