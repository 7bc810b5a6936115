import { z } from "zod";
import { slugSchema, SLUG_FORMAT_MESSAGE } from "./slug";
import { SLUG_CHECK } from "./error-codes";
import { nameSchema } from "../platform/validation/text";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";

const INVALID_NAME_OR_SLUG = "Invalid name or slug";
export const NAME_MESSAGE = "Workspace name must be 1-100 characters";

export const createTenantInput = z.object(
  {
    name: nameSchema(INVALID_NAME_OR_SLUG, 1, 100),
    slug: slugSchema(INVALID_NAME_OR_SLUG),
    isPersonal: z.boolean({ error: "isPersonal must be a boolean" }).optional().default(false),
  },
  { error: INVALID_NAME_OR_SLUG },
);

export const updateTenantInput = z
  .object(
    {
      name: nameSchema(NAME_MESSAGE, 1, 100).optional(),
      slug: slugSchema(SLUG_FORMAT_MESSAGE).optional(),
      clearLogo: z.boolean({ error: "clearLogo must be a boolean" }).optional(),
    },
    { error: "No changes" },
  )
  .refine((v) => v.name !== undefined || v.slug !== undefined || v.clearLogo !== undefined, { message: "No changes" });

export const checkSlugInput = z.object({ slug: z.string().optional() });

export type CreateTenantInput = z.infer<typeof createTenantInput>;
export type UpdateTenantInput = z.infer<typeof updateTenantInput>;

/** A workspace as every answer shows it (`GET /api/tenants/me`, the dashboard's header). */
export const tenantOutput = z.object({
  id: uuidOutput,
  name: z.string(),
  slug: z.string(),
  ownerId: uuidOutput,
  isPersonal: z.boolean(),
  referralCode: z.string(),
  slugChosen: z.boolean(),
  logoUrl: z.string().nullable(),
  createdAt: isoTimeOutput,
  updatedAt: isoTimeOutput,
});
export type TenantOutput = z.infer<typeof tenantOutput>;

export const slugCheckOutput = z.object({
  available: z.boolean(),
  code: z.enum([SLUG_CHECK.SLUG_TAKEN.code, SLUG_CHECK.INVALID_SLUG.code, SLUG_CHECK.SLUG_RESERVED.code]).optional(),
  error: z.string().optional(),
});

export const logoUploadOutput = z.object({ logoUrl: z.string(), tenant: tenantOutput });
