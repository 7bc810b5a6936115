import { Migration } from "../../platform/db/mikro-orm";

/**
 * Manual linking (issue 31, ADR 075): a flow state started by a signed-in person names the
 * account its identity goes to (GoTrue's `linking_target_id`); `opens_session` is false for
 * the dashboard's own link, which goes back to the profile page without a new session.
 */
export class Migration20261129000076_identity_linking extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_flow_states
      add column linking_target_id uuid null references auth_users (id) on delete cascade,
      add column opens_session boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table auth_flow_states drop column linking_target_id, drop column opens_session;`);
  }
}
