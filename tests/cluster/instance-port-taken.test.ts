import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { freePortRun } from "../support/ports";
import { TEST_SERVICE_SETTINGS } from "../support/service";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * A port found free can be taken by another process before an instance listens on it. That
 * process's /readyz (200, as any of our services' would be) once passed for the instance's:
 * the cluster said "ready", the instance then gave up on its port and exited, and a third of
 * the front's requests went to a stranger (401s, then refused connections: a flaky run of
 * tests/cluster/three-instances). Ready now means the instance itself said it listens.
 */
it("does not call an instance ready while another process answers on its port", async () => {
  const front = await freePortRun(2);
  const stranger: Server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ready"}'));
  await new Promise<void>((done) => stranger.listen(front + 1, "127.0.0.1", () => done()));
  const database = await createTestDatabase("cluster_port_taken");
  const dataDir = mkdtempSync(join(tmpdir(), "svc-cluster-port-"));
  try {
    const child = spawn(process.execPath, ["scripts/cluster.mjs", "--instances", "1"], {
      cwd: ROOT,
      env: { ...TEST_SERVICE_SETTINGS, PORT: String(front), HOST: "127.0.0.1", DATABASE_URL: database.url, DATA_DIR: dataDir, PORT_BUSY_WAIT_SECONDS: "1" } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    const code = await new Promise<number | null>((done) => child.once("exit", done));
    clearTimeout(timer);
    expect(code, output).toBe(1);
    expect(output).not.toMatch(/ready on|instances? behind/);
    expect(output).toContain(`[1] svc: could not start: port ${front + 1} is already in use`);
    expect(output).toContain("cluster: could not start: instance 1 exited before it was ready");
  } finally {
    await new Promise((done) => stranger.close(done));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
