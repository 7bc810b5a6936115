import { z } from "zod";
import { isSafeName, isSafeValue } from "../platform/validation/text";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";

export const DEPLOYMENT_NAME_MESSAGE = "Deployment name must be 2-40 lowercase letters, digits and single hyphens, with no hyphen at either end";
export const UPSTREAM_MESSAGE = "Upstream URL must be an http or https URL";
/** `me` is taken by `/api/deployments/me/*` (the tool's own view, SPEC 4.5). */
const RESERVED_NAMES = new Set(["me"]);
const NAME = /^[a-z0-9](?:[a-z0-9]|-(?!-))*[a-z0-9]$/;

export const deploymentNameSchema = z
  .string({ error: DEPLOYMENT_NAME_MESSAGE })
  .trim()
  .toLowerCase()
  .min(2, DEPLOYMENT_NAME_MESSAGE)
  .max(40, DEPLOYMENT_NAME_MESSAGE)
  .regex(NAME, DEPLOYMENT_NAME_MESSAGE)
  .refine((name) => !RESERVED_NAMES.has(name), { message: "This deployment name is reserved" });

const upstreamUrl = z
  .string({ error: UPSTREAM_MESSAGE })
  .trim()
  .max(2048, UPSTREAM_MESSAGE)
  // The URL parser would drop tabs and newlines, and PostgreSQL refuses NUL: refused before either.
  .refine(isSafeName, UPSTREAM_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, UPSTREAM_MESSAGE);

const access = z.enum(["members", "public"], { error: "Access must be members or public" });
const manifest = z
  .string({ error: "Manifest must be the text of vendo.yaml" })
  .max(64 * 1024, "manifest must be 64 KB or smaller")
  .refine(isSafeValue, "Manifest must be the text of vendo.yaml");

export const createDeploymentInput = z.object(
  {
    name: deploymentNameSchema,
    upstreamUrl,
    access: access.optional(),
    manifest: manifest.optional(),
    appId: z.uuid({ error: "App not found" }).optional(),
  },
  { error: "Invalid JSON body" },
);

export const updateDeploymentInput = z
  .object(
    {
      name: deploymentNameSchema,
      upstreamUrl: upstreamUrl.optional(),
      access: access.optional(),
      manifest: manifest.nullable().optional(),
      appId: z.uuid({ error: "App not found" }).optional(),
    },
    { error: "Invalid JSON body" },
  )
  .refine((v) => v.upstreamUrl !== undefined || v.access !== undefined || v.manifest !== undefined || v.appId !== undefined, { message: "No changes" });

export const deploymentNameInput = z.object({ name: z.string() });

export type CreateDeploymentInput = z.infer<typeof createDeploymentInput>;
export type UpdateDeploymentInput = z.infer<typeof updateDeploymentInput>;

/** A deployment as listed and shown (`GET /api/deployments`, `/api/deployments/{name}`). */
export const deploymentOutput = z.object({
  id: uuidOutput,
  name: z.string(),
  appId: uuidOutput,
  upstreamUrl: z.string(),
  access: z.enum(["members", "public"]),
  manifest: z.string().nullable(),
  /** The manifest's `integrations`: catalog slugs the tool uses. */
  integrations: z.array(z.string()),
  url: z.string(),
  health: z.object({ status: z.enum(["unknown", "healthy", "unhealthy"]), checkedAt: isoTimeOutput.nullable(), detail: z.string().nullable() }),
  createdBy: uuidOutput.nullable(),
  createdAt: isoTimeOutput,
  updatedAt: isoTimeOutput,
});
export type DeploymentView = z.infer<typeof deploymentOutput>;
export const deploymentListOutput = z.object({ deployments: z.array(deploymentOutput) });
