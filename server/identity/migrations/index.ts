import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261126000009_email_confirmation } from "./Migration20261126000009_email_confirmation";
import { Migration20261126000015_email_change } from "./Migration20261126000015_email_change";
import { Migration20261126000016_last_sign_in } from "./Migration20261126000016_last_sign_in";
import { Migration20261126000017_oauth_server } from "./Migration20261126000017_oauth_server";
import { Migration20261126000021_passwordless_and_anonymous } from "./Migration20261126000021_passwordless_and_anonymous";
import { Migration20261126000024_mfa_factors } from "./Migration20261126000024_mfa_factors";
import { Migration20261126000025_session_devices } from "./Migration20261126000025_session_devices";
import { Migration20261126000027_passkeys } from "./Migration20261126000027_passkeys";
import { Migration20261126000029_registered_oauth_clients } from "./Migration20261126000029_registered_oauth_clients";
import { Migration20261126000031_admin_links } from "./Migration20261126000031_admin_links";
import { Migration20261126000034_webauthn_factors } from "./Migration20261126000034_webauthn_factors";
import { Migration20261128000060_races_refresh_token_rotations } from "./Migration20261128000060_races_refresh_token_rotations";

/**
 * The identity area's migrations: the schema changes it introduced.
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const identityMigrations: MigrationObject[] = [
  { name: "Migration20261126000009_email_confirmation", class: Migration20261126000009_email_confirmation },
  { name: "Migration20261126000015_email_change", class: Migration20261126000015_email_change },
  { name: "Migration20261126000016_last_sign_in", class: Migration20261126000016_last_sign_in },
  { name: "Migration20261126000017_oauth_server", class: Migration20261126000017_oauth_server },
  { name: "Migration20261126000021_passwordless_and_anonymous", class: Migration20261126000021_passwordless_and_anonymous },
  { name: "Migration20261126000024_mfa_factors", class: Migration20261126000024_mfa_factors },
  { name: "Migration20261126000025_session_devices", class: Migration20261126000025_session_devices },
  { name: "Migration20261126000027_passkeys", class: Migration20261126000027_passkeys },
  { name: "Migration20261126000029_registered_oauth_clients", class: Migration20261126000029_registered_oauth_clients },
  { name: "Migration20261126000031_admin_links", class: Migration20261126000031_admin_links },
  { name: "Migration20261126000034_webauthn_factors", class: Migration20261126000034_webauthn_factors },
  { name: "Migration20261128000060_races_refresh_token_rotations", class: Migration20261128000060_races_refresh_token_rotations },
];
