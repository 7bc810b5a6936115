import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261126000017_oauth_server } from "./Migration20261126000017_oauth_server";
import { Migration20261126000029_registered_oauth_clients } from "./Migration20261126000029_registered_oauth_clients";
import { Migration20261129000074_oauth_client_notifications } from "./Migration20261129000074_oauth_client_notifications";

/**
 * The OAuth 2.1 authorization server's migrations: the schema changes it introduced (moved out of identity's with the
 * area, ADR 070). Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs
 * every area's in one order, by name. A name is what the database records: never rename one.
 */
export const oauthServerMigrations: MigrationObject[] = [
  { name: "Migration20261126000017_oauth_server", class: Migration20261126000017_oauth_server },
  { name: "Migration20261126000029_registered_oauth_clients", class: Migration20261126000029_registered_oauth_clients },
  { name: "Migration20261129000074_oauth_client_notifications", class: Migration20261129000074_oauth_client_notifications },
];
