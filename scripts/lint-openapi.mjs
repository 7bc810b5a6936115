// `npm run lint:openapi`: writes the OpenAPI document the build serves (GET /api/openapi.json)
// to a temporary file and lints it with Redocly CLI (rules in redocly.yaml). Fails on any error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const build = await import("../build/index.js");
const dir = mkdtempSync(join(tmpdir(), "svc-openapi-"));
try {
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(build.entry.module.openApiDocument(), null, 2));
  const redocly = join(ROOT, "node_modules", ".bin", "redocly");
  const result = spawnSync(redocly, ["lint", file, "--config", join(ROOT, "redocly.yaml"), "--format", "stylish"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
