import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../../platform/errors";
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

/** An administrator's edit; from now on seeding leaves this row alone (ADR 010). */
export async function editIntegration(em: EntityManager, editedBy: string, input: IntegrationEdit): Promise<IntegrationRow> {
  const row = await em.findOne(Integration, { slug: input.slug });
  if (!row) throw new AppError("NOT_FOUND", "Integration not found");
  row.name = input.name;
  row.description = input.description;
  row.logo = input.logo;
  row.oauthClientConfig = input.oauthClientConfig;
  if (input.enabled !== undefined) row.enabled = input.enabled;
  row.editedBy = editedBy;
  row.editedAt = new Date();
  await em.flush();
  return integrationRow(row);
}
