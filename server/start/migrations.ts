/**
 * Every migration, gathered from the areas that own them (server/<area>/migrations/) and the
 * foundation (server/platform/db/migrations/), in one order: by name, whose timestamp is the
 * order they were written in (ADR 071). MikroORM records each name it ran, so a name never
 * changes and a database migrated before the move sees nothing new.
 */
import type { MigrationObject } from "@mikro-orm/core";
import { foundationMigrations } from "../platform/db/migrations";
import { changesMigrations } from "../changes";
import { connectionsMigrations } from "../connections";
import { identityMigrations } from "../identity";
import { externalSignInMigrations } from "../external-sign-in";
import { ssoMigrations } from "../sso";
import { oauthServerMigrations } from "../oauth-server";
import { twoStepMigrations } from "../two-step";
import { membersMigrations } from "../members";
import { shellMigrations } from "../shell";
import { webhooksMigrations } from "../webhooks";
import { scimMigrations } from "../scim";
import { workspaceDomainsMigrations } from "../workspace-domains";

export function inOneOrder(lists: readonly MigrationObject[][]): MigrationObject[] {
  const all = lists.flat().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const twice = all.filter((migration, index) => index > 0 && all[index - 1]!.name === migration.name);
  if (twice.length > 0) throw new Error(`migrations named twice: ${twice.map(({ name }) => name).join(", ")}`);
  return all;
}

export const migrationsList: MigrationObject[] = inOneOrder([
  foundationMigrations,
  connectionsMigrations,
  shellMigrations,
  identityMigrations,
  externalSignInMigrations,
  ssoMigrations,
  twoStepMigrations,
  oauthServerMigrations,
  webhooksMigrations,
  membersMigrations,
  changesMigrations,
  scimMigrations,
  workspaceDomainsMigrations,
]);
