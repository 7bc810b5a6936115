import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261129000080_scim } from "./Migration20261129000080_scim";

/** The SCIM area's migrations (ADR 071, 080): run by server/start/migrations.ts in one order by name. */
export const scimMigrations: MigrationObject[] = [{ name: "Migration20261129000080_scim", class: Migration20261129000080_scim }];
