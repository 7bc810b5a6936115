import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261126000028_audit_log } from "./Migration20261126000028_audit_log";
import { Migration20261126000036_audit_account_rows } from "./Migration20261126000036_audit_account_rows";

/**
 * The changes area's migrations: the schema changes it introduced.
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const changesMigrations: MigrationObject[] = [
  { name: "Migration20261126000028_audit_log", class: Migration20261126000028_audit_log },
  { name: "Migration20261126000036_audit_account_rows", class: Migration20261126000036_audit_account_rows },
];
