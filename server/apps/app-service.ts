import { randomUUID } from "node:crypto";
import { UniqueConstraintViolationException, type EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../errors";
import { App } from "./entities";

const appNotFound = () => new AppError("NOT_FOUND", "App not found");

export function listApps(em: EntityManager, tenantId: string): Promise<App[]> {
  return em.find(App, { tenantId }, { orderBy: { kind: "desc", createdAt: "asc" } });
}

export async function createApp(em: EntityManager, tenantId: string, userId: string, name: string): Promise<App> {
  const app = em.create(App, { id: randomUUID(), tenantId, name, kind: "app", createdBy: userId, createdAt: new Date(), allowedOrigins: [] });
  await em.flush();
  return app;
}

export async function requireApp(em: EntityManager, tenantId: string, appId: string): Promise<App> {
  const app = await em.findOne(App, { id: appId, tenantId });
  if (!app) throw appNotFound();
  return app;
}

/** Each workspace has exactly one CLI project app, created on first need (race-safe by index). */
export async function ensureCliApp(em: EntityManager, tenantId: string, userId: string): Promise<App> {
  const existing = await em.findOne(App, { tenantId, kind: "cli" });
  if (existing) return existing;
  const fork = em.fork();
  try {
    fork.create(App, { id: randomUUID(), tenantId, name: "CLI", kind: "cli", createdBy: userId, createdAt: new Date(), allowedOrigins: [] });
    await fork.flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return em.findOneOrFail(App, { tenantId, kind: "cli" }, { refresh: true });
}
