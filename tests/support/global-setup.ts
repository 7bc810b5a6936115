import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../server/start/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster; each suite creates its own database in it. */
    postgresAdminUrl: string;
  }
}

/**
 * One real PostgreSQL cluster for the run: DATABASE_URL when given (its server must let
 * us create databases), otherwise an embedded one in a temporary directory.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("postgresAdminUrl", process.env.DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "svc-test-pg-"));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root
  const db = await startEmbeddedPostgres({ dir: join(dir, "data"), password: "test", database: "postgres", disposable: true });
  project.provide("postgresAdminUrl", db.url);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
