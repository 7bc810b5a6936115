import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261125000005_shell_agents } from "./Migration20261125000005_shell_agents";
import { Migration20261126000022_shell_agent_locations } from "./Migration20261126000022_shell_agent_locations";

/**
 * The shell area's migrations: the schema changes it introduced.
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const shellMigrations: MigrationObject[] = [
  { name: "Migration20261125000005_shell_agents", class: Migration20261125000005_shell_agents },
  { name: "Migration20261126000022_shell_agent_locations", class: Migration20261126000022_shell_agent_locations },
];
