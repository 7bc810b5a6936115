import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261125000004_connections } from "./Migration20261125000004_connections";
import { Migration20261125000007_connection_notifications } from "./Migration20261125000007_connection_notifications";
import { Migration20261126000010_integration_enabled } from "./Migration20261126000010_integration_enabled";
import { Migration20261126000019_connection_health } from "./Migration20261126000019_connection_health";

/**
 * The connections area's migrations: the schema changes it introduced.
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const connectionsMigrations: MigrationObject[] = [
  { name: "Migration20261125000004_connections", class: Migration20261125000004_connections },
  { name: "Migration20261125000007_connection_notifications", class: Migration20261125000007_connection_notifications },
  { name: "Migration20261126000010_integration_enabled", class: Migration20261126000010_integration_enabled },
  { name: "Migration20261126000019_connection_health", class: Migration20261126000019_connection_health },
];
