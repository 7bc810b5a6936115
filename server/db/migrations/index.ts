import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261121000001_foundation } from "./Migration20261121000001_foundation";
import { Migration20261121000002_apps_keys_credits } from "./Migration20261121000002_apps_keys_credits";

/** Passed as a list (not a glob) so the Remix bundle carries every migration. */
export const migrationsList: MigrationObject[] = [
  { name: "Migration20261121000001_foundation", class: Migration20261121000001_foundation },
  { name: "Migration20261121000002_apps_keys_credits", class: Migration20261121000002_apps_keys_credits },
];
