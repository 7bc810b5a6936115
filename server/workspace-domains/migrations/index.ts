import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261129000081_workspace_domains } from "./Migration20261129000081_workspace_domains";

/**
 * The workspace domains area's migrations. Listed (not globbed) so the bundle carries them;
 * server/start/migrations.ts runs every area's in one order, by name. Never rename one.
 */
export const workspaceDomainsMigrations: MigrationObject[] = [
  { name: "Migration20261129000081_workspace_domains", class: Migration20261129000081_workspace_domains },
];
