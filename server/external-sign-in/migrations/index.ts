import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261129000075_external_identities } from "./Migration20261129000075_external_identities";
import { Migration20261129000076_identity_linking } from "./Migration20261129000076_identity_linking";
import { Migration20261129000077_custom_providers } from "./Migration20261129000077_custom_providers";
import { Migration20261129000078_session_sign_in_method } from "./Migration20261129000078_session_sign_in_method";

/** The external sign-in area's migrations (ADR 071): listed, run by server/start/migrations.ts in one order by name. */
export const externalSignInMigrations: MigrationObject[] = [
  { name: "Migration20261129000075_external_identities", class: Migration20261129000075_external_identities },
  { name: "Migration20261129000076_identity_linking", class: Migration20261129000076_identity_linking },
  { name: "Migration20261129000077_custom_providers", class: Migration20261129000077_custom_providers },
  { name: "Migration20261129000078_session_sign_in_method", class: Migration20261129000078_session_sign_in_method },
];
