import { z } from "zod";
import { slugSchema, SLUG_FORMAT_MESSAGE } from "./slug";

const INVALID_NAME_OR_SLUG = "Invalid name or slug";
export const NAME_MESSAGE = "Workspace name must be 1-100 characters";

export const createTenantInput = z.object(
  {
    name: z.string({ error: INVALID_NAME_OR_SLUG }).trim().min(1, INVALID_NAME_OR_SLUG).max(100, INVALID_NAME_OR_SLUG),
    slug: slugSchema(INVALID_NAME_OR_SLUG),
    isPersonal: z.boolean({ error: "isPersonal must be a boolean" }).optional().default(false),
  },
  { error: INVALID_NAME_OR_SLUG },
);

export const updateTenantInput = z
  .object(
    {
      name: z.string({ error: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(100, NAME_MESSAGE).optional(),
      slug: slugSchema(SLUG_FORMAT_MESSAGE).optional(),
      clearLogo: z.boolean({ error: "clearLogo must be a boolean" }).optional(),
    },
    { error: "No changes" },
  )
  .refine((v) => v.name !== undefined || v.slug !== undefined || v.clearLogo !== undefined, { message: "No changes" });

export const checkSlugInput = z.object({ slug: z.string().optional() });

export type CreateTenantInput = z.infer<typeof createTenantInput>;
export type UpdateTenantInput = z.infer<typeof updateTenantInput>;
