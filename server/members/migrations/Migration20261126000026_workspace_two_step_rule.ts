import { Migration } from "../../platform/db/mikro-orm";

/**
 * The workspace rule of issue 20, 1 (ADR 049): an owner can require two-step sign-in of
 * everyone who opens the workspace with a session. Off for every existing workspace.
 */
export class Migration20261126000026_workspace_two_step_rule extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tenants add column require_two_step boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table tenants drop column require_two_step;`);
  }
}
