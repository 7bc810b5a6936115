import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261121000001_foundation } from "./Migration20261121000001_foundation";
import { Migration20261121000002_apps_keys_credits } from "./Migration20261121000002_apps_keys_credits";
import { Migration20261124000003_members_deployments } from "./Migration20261124000003_members_deployments";
import { Migration20261125000006_dashboard_basics } from "./Migration20261125000006_dashboard_basics";
import { Migration20261126000008_background_job_runs } from "./Migration20261126000008_background_job_runs";

/**
 * The foundation's migrations: the first schema, whose changes span several areas' tables at once,
 * and the platform's own tables (rate limits, background job runs).
 * Listed (not globbed) so the bundle carries them; server/start/migrations.ts runs every
 * area's in one order, by name. A name is what the database records: never rename one.
 */
export const foundationMigrations: MigrationObject[] = [
  { name: "Migration20261121000001_foundation", class: Migration20261121000001_foundation },
  { name: "Migration20261121000002_apps_keys_credits", class: Migration20261121000002_apps_keys_credits },
  { name: "Migration20261124000003_members_deployments", class: Migration20261124000003_members_deployments },
  { name: "Migration20261125000006_dashboard_basics", class: Migration20261125000006_dashboard_basics },
  { name: "Migration20261126000008_background_job_runs", class: Migration20261126000008_background_job_runs },
];
