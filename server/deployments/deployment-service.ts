import type { EntityManager } from "@mikro-orm/postgresql";
import { isUniqueViolation } from "../platform/db/unique-violation";
import { appForDeployment, requireApp } from "../apps";
import { getConfig } from "../platform/config";
import { AppError } from "../platform/errors";
import { validateManifest, type Manifest } from "./manifest";
import type { CreateDeploymentInput, UpdateDeploymentInput } from "./schemas";
import { resolveAllowed, UpstreamRefused } from "./upstream-policy";
import { notify } from "../platform/db/notifications";
import { recordChange } from "../changes";
import { disconnectDeploymentAgents } from "../shell";
import type { DeploymentView } from "./schemas";

export interface DeploymentRow {
  id: string;
  tenant_id: string;
  app_id: string;
  name: string;
  upstream_url: string;
  access: "members" | "public";
  manifest: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  health_status: "unknown" | "healthy" | "unhealthy";
  health_checked_at: Date | null;
  health_detail: string | null;
}

/** The hostname a deployment is reached at: `{name}--{workspace slug}.{APPS_DOMAIN}`. */
export function deploymentHost(name: string, tenantSlug: string): string {
  return `${name}--${tenantSlug}.${getConfig().appsDomain}`;
}

export function deploymentUrl(name: string, tenantSlug: string): string {
  const scheme = new URL(getConfig().baseUrl).protocol;
  return `${scheme}//${deploymentHost(name, tenantSlug)}/`;
}

export function deploymentView(row: DeploymentRow, tenantSlug: string): DeploymentView {
  const manifest = row.manifest ? validateManifest(row.manifest) : null;
  return {
    id: row.id,
    name: row.name,
    appId: row.app_id,
    upstreamUrl: row.upstream_url,
    access: row.access,
    manifest: row.manifest,
    integrations: manifest?.ok ? (manifest.manifest.integrations ?? []) : [],
    url: deploymentUrl(row.name, tenantSlug),
    health: { status: row.health_status, checkedAt: row.health_checked_at ? new Date(row.health_checked_at).toISOString() : null, detail: row.health_detail },
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const notFound = () => new AppError("NOT_FOUND", "Deployment not found");
const CHANGED = "svc_deployment_changed";

/** 400 with every problem listed, the first in the message. */
function parseManifest(text: string, name: string): Manifest {
  const result = validateManifest(text);
  if (!result.ok) {
    throw new AppError("BAD_REQUEST", `Invalid manifest: ${result.problems[0]!.message}${result.problems[0]!.line ? ` (line ${result.problems[0]!.line})` : ""}`, {
      problems: result.problems,
    });
  }
  if (result.manifest.name !== name) {
    throw new AppError("BAD_REQUEST", `Invalid manifest: its name (${result.manifest.name}) is not the deployment's (${name})`);
  }
  return result.manifest;
}

/** Registration-time half of the SSRF policy: the upstream must resolve to an allowed address. */
async function assertUpstreamAllowed(upstreamUrl: string): Promise<void> {
  try {
    await resolveAllowed(new URL(upstreamUrl).hostname);
  } catch (error) {
    if (error instanceof UpstreamRefused) throw new AppError("BAD_REQUEST", error.message);
    throw new AppError("BAD_REQUEST", `Upstream address not allowed: ${new URL(upstreamUrl).hostname} does not resolve`);
  }
}

export async function listDeployments(em: EntityManager, tenantId: string): Promise<DeploymentRow[]> {
  return em.getConnection().execute<DeploymentRow[]>(`select * from deployments where tenant_id = ? order by name`, [tenantId]);
}

export async function requireDeployment(em: EntityManager, tenantId: string, name: string): Promise<DeploymentRow> {
  const rows = await em.getConnection().execute<DeploymentRow[]>(`select * from deployments where tenant_id = ? and name = ?`, [tenantId, name.toLowerCase()]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * Registers a deployment. Without `appId` it joins the workspace's app of its name, or gets
 * a new one named after it, in the same transaction: a refused name leaves no stray app behind.
 */
export async function createDeployment(em: EntityManager, tenantId: string, userId: string, input: CreateDeploymentInput): Promise<DeploymentRow> {
  const manifest = input.manifest !== undefined ? parseManifest(input.manifest, input.name) : undefined;
  await assertUpstreamAllowed(input.upstreamUrl);
  const access = input.access ?? manifest?.access ?? "members";
  try {
    return await em.transactional(async (tx) => {
      const appId = input.appId ? (await requireApp(tx, tenantId, input.appId)).id : (await appForDeployment(tx, tenantId, userId, input.name)).id;
      const rows = await tx.getConnection().execute<DeploymentRow[]>(
        `insert into deployments (tenant_id, app_id, name, upstream_url, access, manifest, created_by) values (?, ?, ?, ?, ?, ?, ?) returning *`,
        [tenantId, appId, input.name, input.upstreamUrl, access, input.manifest ?? null, userId],
        "all",
        tx.getTransactionContext(),
      );
      const row = rows[0]!;
      await recordChange(tx, { tenantId, appId, type: "deployment.created", data: deploymentEventData(row), target: { type: "deployment", id: row.id } });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "A deployment with this name already exists");
    throw error;
  }
}

export async function updateDeployment(em: EntityManager, tenantId: string, input: UpdateDeploymentInput): Promise<DeploymentRow> {
  const current = await requireDeployment(em, tenantId, input.name);
  if (typeof input.manifest === "string") parseManifest(input.manifest, current.name);
  if (input.upstreamUrl !== undefined) await assertUpstreamAllowed(input.upstreamUrl);
  const appId = input.appId ? (await requireApp(em, tenantId, input.appId)).id : current.app_id;
  // The change and its audit row (what changed, never the manifest's text) commit together.
  const row = await em.transactional(async (tx) => {
    const rows = await tx.execute<DeploymentRow[]>(
      `update deployments set upstream_url = ?, access = ?, manifest = ?, app_id = ?, updated_at = now(),
          health_status = case when ? <> upstream_url then 'unknown' else health_status end
        where id = ? returning *`,
      [
        input.upstreamUrl ?? current.upstream_url,
        input.access ?? current.access,
        input.manifest === undefined ? current.manifest : input.manifest,
        appId,
        input.upstreamUrl ?? current.upstream_url,
        current.id,
      ],
    );
    const updated = rows[0]!;
    const changed: Record<string, unknown> = { name: current.name };
    if (updated.upstream_url !== current.upstream_url) changed.upstreamUrl = { from: current.upstream_url, to: updated.upstream_url };
    if (updated.access !== current.access) changed.access = { from: current.access, to: updated.access };
    if (updated.app_id !== current.app_id) changed.appId = { from: current.app_id, to: updated.app_id };
    if (JSON.stringify(updated.manifest) !== JSON.stringify(current.manifest)) changed.manifestChanged = true;
    if (Object.keys(changed).length > 1) await recordChange(tx, { tenantId, audit: "deployment.changed", data: changed, target: { type: "deployment", id: current.id } });
    return updated;
  });
  await notify(em, CHANGED, current.id);
  return row;
}

/** What a change record says of a deployment (webhooks, the event feed): no manifest, no health. */
function deploymentEventData(row: DeploymentRow) {
  return { deploymentId: row.id, name: row.name, appId: row.app_id, upstreamUrl: row.upstream_url, access: row.access };
}

/** The row and its change record go together: a deletion that fails announces nothing. */
export async function deleteDeployment(em: EntityManager, tenantId: string, name: string): Promise<void> {
  const current = await requireDeployment(em, tenantId, name);
  await disconnectDeploymentAgents(em, current.id);
  await em.transactional(async (tx) => {
    const removed = await tx.execute<DeploymentRow[]>(`delete from deployments where id = ? returning *`, [current.id]);
    if (removed.length === 0) throw notFound();
    await recordChange(tx, {
      tenantId,
      appId: current.app_id,
      type: "deployment.deleted",
      data: deploymentEventData(removed[0]!),
      target: { type: "deployment", id: current.id },
    });
    await notify(tx, CHANGED, current.id);
  });
}

export const DEPLOYMENT_CHANGED_CHANNEL = CHANGED;
