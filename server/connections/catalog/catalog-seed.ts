import { readFile } from "node:fs/promises";
import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { getConfig } from "../../platform/config";
import { log } from "../../platform/log";
import shippedCatalog from "./catalog.json";

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

const catalogSchema = z.object({
  integrations: z.array(
    z.object({
      slug: z.string().regex(SLUG, "slug: lowercase letters, digits and hyphens"),
      name: z.string().min(1).max(100),
      description: z.string().max(1000).default(""),
      logo: z.string().max(2048).default(""),
      oauth_client_config: z.record(z.string(), z.unknown()).default({}),
      /** `false` keeps the row out of members' sight and unstartable; default `true`. */
      enabled: z.boolean().default(true),
    }),
  ),
});

export type CatalogFile = z.infer<typeof catalogSchema>;

/** The catalog of INTEGRATIONS_FILE, or the one shipped in the repo when it is unset. */
export async function readCatalogFile(path = getConfig().INTEGRATIONS_FILE): Promise<CatalogFile> {
  const raw: unknown = path ? JSON.parse(await readFile(path, "utf8")) : shippedCatalog;
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path ?? "the shipped catalog"}: ${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Seeds the catalog at every start (ADR 010): rows missing from the table are inserted;
 * rows never edited by an administrator are refreshed from the file; an edited row
 * (`edited_at` set) is left alone, so a restart never undoes an administrator's
 * `auth_config_id`. Rows are never deleted: connections may still name them; a row the file
 * no longer lists is disabled instead (and enabled again if it comes back unedited).
 */
export async function seedCatalog(em: EntityManager, catalog: CatalogFile): Promise<void> {
  const connection = em.getConnection();
  for (const row of catalog.integrations) {
    await connection.execute(
      `insert into integrations (slug, name, description, logo, oauth_client_config, enabled)
       values (?, ?, ?, ?, ?::jsonb, ?)
       on conflict (slug) do update
         set name = excluded.name, description = excluded.description, logo = excluded.logo,
             oauth_client_config = excluded.oauth_client_config, enabled = excluded.enabled, updated_at = now()
         where integrations.edited_at is null`,
      [row.slug, row.name, row.description, row.logo, JSON.stringify(row.oauth_client_config), row.enabled],
    );
  }
  const dropped = await connection.execute<{ slug: string }[]>(
    `update integrations set enabled = false, updated_at = now() where enabled and slug not in (select jsonb_array_elements_text(?::jsonb)) returning slug`,
    [JSON.stringify(catalog.integrations.map((row) => row.slug))],
  );
  if (dropped.length > 0) log.info(`integration catalog: disabled rows no longer in the file: ${dropped.map((row) => row.slug).join(", ")}`);
  log.info(`integration catalog seeded (${catalog.integrations.length} rows)`);
}
