import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../server/start/embedded-postgres";
import { createTemplateDatabase } from "./template-database";
import { launchSharedBrowser } from "./browser";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster; each suite creates its own database in it. */
    postgresAdminUrl: string;
    /** The database migrated once for the run, which createTestDatabase copies. */
    templateDatabase: string;
    /** The run's one Chromium (playwright's server), which browser suites connect to. */
    browserEndpoint: string | undefined;
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
  const browser = await launchSharedBrowser();
  project.provide("postgresAdminUrl", adminUrl);
  project.provide("templateDatabase", templateName);
  project.provide("browserEndpoint", browser?.wsEndpoint());
  return async () => {
    await browser?.close();
    await template.drop();
    await stopCluster();
  };
}
