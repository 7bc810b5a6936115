import { randomUUID } from "node:crypto";
import { UniqueConstraintViolationException } from "../platform/db/mikro-orm";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import { publishKeyRevoked, revokeAppKeys } from "../keys";
import { App } from "./entities";

const appNotFound = () => new AppError("NOT_FOUND", "App not found");

export function listApps(em: EntityManager, tenantId: string): Promise<App[]> {
  return em.find(App, { tenantId }, { orderBy: { kind: "desc", createdAt: "asc" } });
}

export async function createApp(em: EntityManager, tenantId: string, userId: string, name: string): Promise<App> {
  // The app and its audit row commit together.
  return em.transactional(async (tx) => {
    const app = tx.create(App, { id: randomUUID(), tenantId, name, kind: "app", createdBy: userId, createdAt: new Date(), allowedOrigins: [] });
    await tx.flush();
    await recordChange(tx, { tenantId, audit: "app.created", data: { name }, target: { type: "app", id: app.id } });
    return app;
  });
}

/**
 * The app a deployment named `name` joins when none is chosen: the workspace's oldest app of
 * that name (never the CLI's), so a tool registered under an app's name gets that app's
 * variables and connections; else a new app named after it.
 */
export async function appForDeployment(em: EntityManager, tenantId: string, userId: string, name: string): Promise<App> {
  const existing = await em.findOne(App, { tenantId, name, kind: "app" }, { orderBy: { createdAt: "asc" } });
  return existing ?? createApp(em, tenantId, userId, name);
}

export async function requireApp(em: EntityManager, tenantId: string, appId: string): Promise<App> {
  const app = await em.findOne(App, { id: appId, tenantId });
  if (!app) throw appNotFound();
  return app;
}

/** Each workspace has exactly one CLI project app, created on first need (race-safe by index). */
/** The workspace's CLI app (named "CLI"), made on the first `svc login`; `created` says it was made now, so the page can say so. */
export async function ensureCliApp(em: EntityManager, tenantId: string, userId: string): Promise<{ app: App; created: boolean }> {
  const existing = await em.findOne(App, { tenantId, kind: "cli" });
  if (existing) return { app: existing, created: false };
  const fork = em.fork();
  let created = false;
  try {
    fork.create(App, { id: randomUUID(), tenantId, name: "CLI", kind: "cli", createdBy: userId, createdAt: new Date(), allowedOrigins: [] });
    await fork.flush();
    created = true;
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return { app: await em.findOneOrFail(App, { tenantId, kind: "cli" }, { refresh: true }), created };
}

/** The workspace's CLI app's name, or null before the first `svc login` made it. */
export async function cliAppName(em: EntityManager, tenantId: string): Promise<string | null> {
  return (await em.findOne(App, { tenantId, kind: "cli" }))?.name ?? null;
}

export async function renameApp(em: EntityManager, tenantId: string, appId: string, name: string): Promise<App> {
  const app = await requireApp(em, tenantId, appId);
  app.name = name;
  await em.flush();
  return app;
}

export const DELETE_CONFIRM_MESSAGE = "Type the app's name to confirm";

/**
 * Deletes an app after the typed confirmation (its exact name). Its keys are revoked first
 * (committed, and every instance drops them from its cache), then the row goes and
 * PostgreSQL's ON DELETE CASCADE removes the variables, key rows and connection bindings
 * with it; a key made in between is evicted after the delete commits. The CLI project and an
 * app a deployment runs on are refused: the first is where `svc login` keys live, the
 * second goes with its deployment.
 */
export async function deleteApp(em: EntityManager, tenantId: string, appId: string, confirmName: string): Promise<void> {
  const app = await requireApp(em, tenantId, appId);
  if (app.kind === "cli") throw new AppError("BAD_REQUEST", "The CLI project cannot be deleted; revoke its keys instead");
  if (confirmName !== app.name) throw new AppError("BAD_REQUEST", DELETE_CONFIRM_MESSAGE);
  const connection = em.getConnection();
  const deployments = await connection.execute<{ name: string }[]>(`select name from deployments where app_id = ? order by name limit 1`, [appId]);
  if (deployments[0]) throw new AppError("CONFLICT", `The deployment ${deployments[0].name} runs on this app: delete the deployment instead`);
  await revokeAppKeys(em, appId);
  const lateKeys = await em.transactional(async (tx) => {
    const ctx = tx.getTransactionContext();
    const keys = await tx.getConnection().execute<{ id: string }[]>(`select id from app_keys where app_id = ? for update`, [appId], "all", ctx);
    await tx.getConnection().execute(`delete from apps where id = ? and tenant_id = ?`, [appId, tenantId], "run", ctx);
    await recordChange(tx, { tenantId, audit: "app.deleted", data: { name: app.name }, target: { type: "app", id: appId } });
    return keys.map((key) => key.id);
  });
  for (const keyId of lateKeys) await publishKeyRevoked(em, keyId);
  em.getUnitOfWork().unsetIdentity(app);
}
