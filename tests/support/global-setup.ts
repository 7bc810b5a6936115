import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../server/start/embedded-postgres";
import { createTemplateDatabase } from "./template-database";
import { createDatabase } from "./database";
import { launchSharedBrowser } from "./browser";
import { launchService } from "./service";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster; each suite creates its own database in it. */
    postgresAdminUrl: string;
    /** The database migrated once for the run, which createTestDatabase copies. */
    templateDatabase: string;
    /** The run's one Chromium (playwright's server), which browser suites connect to. */
    browserEndpoint: string | undefined;
    /** The service with default settings that suites share (tests/support/shared-service.ts). */
    sharedService: { url: string; databaseUrl: string; dataDir: string; env: Record<string, string> };
  }
}

/**
 * One real PostgreSQL cluster for the run: DATABASE_URL when given (its server must let
 * us create databases), otherwise an embedded one in a temporary directory. The service's
 * migrations run once, into the template database.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stopCluster = async () => {};
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), "svc-test-pg-"));
    chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root
    const db = await startEmbeddedPostgres({ dir: join(dir, "data"), password: "test", database: "postgres", disposable: true });
    adminUrl = db.url;
    stopCluster = async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const templateName = `tmpl_${randomBytes(4).toString("hex")}`;
  let template: { drop(): Promise<void> };
  try {
    template = await createTemplateDatabase(adminUrl, templateName);
  } catch (error) {
    await stopCluster();
    throw error;
  }
  let browser: Awaited<ReturnType<typeof launchSharedBrowser>>;
  let shared: Awaited<ReturnType<typeof startSharedService>>;
  try {
    [browser, shared] = await Promise.all([launchSharedBrowser(), startSharedService(adminUrl, templateName)]);
  } catch (error) {
    await template.drop();
    await stopCluster();
    throw error;
  }
  project.provide("postgresAdminUrl", adminUrl);
  project.provide("templateDatabase", templateName);
  project.provide("browserEndpoint", browser?.wsEndpoint());
  project.provide("sharedService", { url: shared.service.url, databaseUrl: shared.service.databaseUrl, dataDir: shared.service.dataDir, env: shared.service.env });
  return async () => {
    await browser?.close();
    await shared.service.stop();
    await shared.database.drop();
    await template.drop();
    await stopCluster();
  };
}

/** The shared service's administrator: no suite's person becomes one by signing up first. */
const SHARED_SERVICE_ADMIN_EMAIL = "shared-service-admin@example.com";

/** The shared service on its own copy of the template. */
async function startSharedService(adminUrl: string, templateName: string) {
  const database = await createDatabase(adminUrl, `t_shared_${randomBytes(4).toString("hex")}`, templateName);
  // No background health checks: suites' deployments point at their own fakes, which count requests.
  const service = await launchService({ databaseUrl: database.url, env: { ADMIN_EMAILS: SHARED_SERVICE_ADMIN_EMAIL, HEALTH_CHECK_INTERVAL_SECONDS: "0" } });
  return { database, service };
}
