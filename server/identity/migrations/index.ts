import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261126000009_email_confirmation } from "./Migration20261126000009_email_confirmation";
import { Migration20261126000015_email_change } from "./Migration20261126000015_email_change";
import { Migration20261126000016_last_sign_in } from "./Migration20261126000016_last_sign_in";
import { Migration20261126000021_passwordless_and_anonymous } from "./Migration20261126000021_passwordless_and_anonymous";
import { Migration20261126000025_session_devices } from "./Migration20261126000025_session_devices";
import { Migration20261126000031_admin_links } from "./Migration20261126000031_admin_links";
import { Migration20261128000060_races_refresh_token_rotations } from "./Migration20261128000060_races_refresh_token_rotations";
import { Migration20261129000073_auth_users_email_lookup } from "./Migration20261129000073_auth_users_email_lookup";

/**
 * The identity area's migrations: the schema changes it introduced.
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const identityMigrations: MigrationObject[] = [
  { name: "Migration20261126000009_email_confirmation", class: Migration20261126000009_email_confirmation },
  { name: "Migration20261126000015_email_change", class: Migration20261126000015_email_change },
  { name: "Migration20261126000016_last_sign_in", class: Migration20261126000016_last_sign_in },
  { name: "Migration20261126000021_passwordless_and_anonymous", class: Migration20261126000021_passwordless_and_anonymous },
  { name: "Migration20261126000025_session_devices", class: Migration20261126000025_session_devices },
  { name: "Migration20261126000031_admin_links", class: Migration20261126000031_admin_links },
  { name: "Migration20261128000060_races_refresh_token_rotations", class: Migration20261128000060_races_refresh_token_rotations },
  { name: "Migration20261129000073_auth_users_email_lookup", class: Migration20261129000073_auth_users_email_lookup },
];
