import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261126000024_mfa_factors } from "./Migration20261126000024_mfa_factors";
import { Migration20261126000027_passkeys } from "./Migration20261126000027_passkeys";
import { Migration20261126000034_webauthn_factors } from "./Migration20261126000034_webauthn_factors";

/**
 * The two-step sign-in's migrations: the schema changes it introduced (moved out of identity's with the
 * area, ADR 070). Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs
 * every area's in one order, by name. A name is what the database records: never rename one.
 */
export const twoStepMigrations: MigrationObject[] = [
  { name: "Migration20261126000024_mfa_factors", class: Migration20261126000024_mfa_factors },
  { name: "Migration20261126000027_passkeys", class: Migration20261126000027_passkeys },
  { name: "Migration20261126000034_webauthn_factors", class: Migration20261126000034_webauthn_factors },
];
