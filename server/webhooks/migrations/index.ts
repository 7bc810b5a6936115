import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261126000020_webhooks } from "./Migration20261126000020_webhooks";
import { Migration20261128000070_webhook_secret_rotation } from "./Migration20261128000070_webhook_secret_rotation";

/**
 * The webhooks area's migrations: the schema changes it introduced.
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const webhooksMigrations: MigrationObject[] = [
  { name: "Migration20261126000020_webhooks", class: Migration20261126000020_webhooks },
  { name: "Migration20261128000070_webhook_secret_rotation", class: Migration20261128000070_webhook_secret_rotation },
];
