import { isDeepStrictEqual } from "node:util";
import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../../platform/errors";
import { recordChange } from "../../changes";
import { Integration, integrationRow, type IntegrationRow } from "./entities";
import type { IntegrationEdit } from "../schemas";

/**
 * The catalog by name: every row for an administrator (the Integrations page), only the
 * enabled ones for everyone else. Each says whether it is configured (issue 17).
 */
export async function listIntegrations(em: EntityManager, options: { includeDisabled: boolean }): Promise<IntegrationRow[]> {
  const rows = await em.find(Integration, options.includeDisabled ? {} : { enabled: true }, { orderBy: { name: "asc" } });
  return rows.map(integrationRow);
}

/**
 * An administrator's edit; from now on seeding leaves this row alone (ADR 010). The catalog
 * belongs to no workspace: each workspace with a connection of this provider records the edit
 * (`catalog.edited`, the names of the fields changed, never the OAuth configuration's values),
 * in the edit's transaction (ADR 047).
 */
export async function editIntegration(em: EntityManager, editedBy: string, input: IntegrationEdit): Promise<IntegrationRow> {
  const row = await em.findOne(Integration, { slug: input.slug });
  if (!row) throw new AppError("NOT_FOUND", "Integration not found");
  const fields = changedFields(row, input);
  row.name = input.name;
  row.description = input.description;
  row.logo = input.logo;
  row.oauthClientConfig = input.oauthClientConfig;
  if (input.enabled !== undefined) row.enabled = input.enabled;
  row.editedBy = editedBy;
  row.editedAt = new Date();
  await em.transactional(async (tx) => {
    await tx.flush();
    if (fields.length === 0) return;
    // In one order, so two edits recording for the same workspaces never wait on each other's chains in a cycle.
    const tenants = await tx.execute<{ tenant_id: string }[]>(`select distinct tenant_id from connections where provider = ? order by tenant_id`, [row.slug]);
    for (const { tenant_id } of tenants) {
      await recordChange(tx, { tenantId: tenant_id, audit: "catalog.edited", data: { slug: row.slug, fields }, target: { type: "integration", id: row.slug } });
    }
  });
  return integrationRow(row);
}

/** The names of the catalog fields an edit changes. */
function changedFields(row: Integration, input: IntegrationEdit): string[] {
  const fields: string[] = [];
  if (row.name !== input.name) fields.push("name");
  if (row.description !== input.description) fields.push("description");
  if (row.logo !== input.logo) fields.push("logo");
  // Compared as values: jsonb keeps keys in its own order.
  if (!isDeepStrictEqual(row.oauthClientConfig, input.oauthClientConfig)) fields.push("oauthClientConfig");
  if (input.enabled !== undefined && row.enabled !== input.enabled) fields.push("enabled");
  return fields;
}
