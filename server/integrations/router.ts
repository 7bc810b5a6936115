import { z } from "zod";
import { AppError } from "../errors";
import { adminProcedure, router } from "../trpc";
import { Integration, integrationRow } from "./entities";

/**
 * `/admin/integrations` (issue 7 section 1): administrators edit catalog rows, for example
 * to replace a placeholder `auth_config_id`. An edited row is marked (`edited_at`), so the
 * catalog seeding at start never undoes the edit (docs/decisions/010).
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

const updateInput = z.object({
  slug: z.string().regex(SLUG, { error: "Integration not found" }),
  name: z.string().trim().min(1, { error: "Name must be 1-100 characters" }).max(100, { error: "Name must be 1-100 characters" }),
  description: z.string().max(1000, { error: "Description must be at most 1000 characters" }),
  logo: z.string().max(2048, { error: "Logo URL must be at most 2048 characters" }),
  oauthClientConfig: z.string().max(20_000, { error: "OAuth client config is too long" }),
});

function parseConfig(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "OAuth client config must be a JSON object");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new AppError("BAD_REQUEST", "OAuth client config must be a JSON object");
  return parsed as Record<string, unknown>;
}

function checkLogo(logo: string): void {
  if (logo === "") return;
  let url: URL;
  try {
    url = new URL(logo);
  } catch {
    throw new AppError("BAD_REQUEST", "Logo must be an https:// URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new AppError("BAD_REQUEST", "Logo must be an https:// URL");
}

export const integrationsRouter = router({
  list: adminProcedure.query(async ({ ctx }) => (await ctx.em.find(Integration, {}, { orderBy: { name: "asc" } })).map(integrationRow)),

  update: adminProcedure.input(updateInput).mutation(async ({ ctx, input }) => {
    const row = await ctx.em.findOne(Integration, { slug: input.slug });
    if (!row) throw new AppError("NOT_FOUND", "Integration not found");
    checkLogo(input.logo);
    row.name = input.name;
    row.description = input.description;
    row.logo = input.logo;
    row.oauthClientConfig = parseConfig(input.oauthClientConfig);
    row.editedBy = ctx.session.userId;
    row.editedAt = new Date();
    await ctx.em.flush();
    return integrationRow(row);
  }),
});
