import { Migration } from "../../platform/db/mikro-orm";

/**
 * Catalog rows can be switched off (issue 17): by an administrator on the Integrations page,
 * by the catalog file (`"enabled": false`), and at start for rows the file no longer lists
 * (disabled, never deleted: connections may still name them). A disabled row is neither
 * listed to members nor startable.
 */
export class Migration20261126000010_integration_enabled extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table integrations add column enabled boolean not null default true;`);
  }
}
