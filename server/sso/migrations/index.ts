import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261129000079_sso_providers } from "./Migration20261129000079_sso_providers";
import { Migration20261129000082_sso_oidc_states } from "./Migration20261129000082_sso_oidc_states";
import { Migration20261129000083_workspace_sso } from "./Migration20261129000083_workspace_sso";

/** The single sign-on area's migrations (ADR 071, ADR 079): run by server/start/migrations.ts in one order by name. */
export const ssoMigrations: MigrationObject[] = [
  { name: "Migration20261129000079_sso_providers", class: Migration20261129000079_sso_providers },
  { name: "Migration20261129000082_sso_oidc_states", class: Migration20261129000082_sso_oidc_states },
  { name: "Migration20261129000083_workspace_sso", class: Migration20261129000083_workspace_sso },
];
