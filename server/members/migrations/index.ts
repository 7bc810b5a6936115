import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261126000026_workspace_two_step_rule } from "./Migration20261126000026_workspace_two_step_rule";

/**
 * The members area's migrations: the schema changes it introduced.
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const membersMigrations: MigrationObject[] = [
  { name: "Migration20261126000026_workspace_two_step_rule", class: Migration20261126000026_workspace_two_step_rule },
];
