import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeStartFailure } from "../../scripts/start-failure.mjs";
import { createTestDatabase } from "../support/database";

const ROOT = resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(join(tmpdir(), "svc-start-failure-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `node scripts/start.mjs` and resolves its exit code and what it printed. */
function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe("the start failure line", () => {
  it("is the message, then the hint", () => {
    expect(describeStartFailure(Object.assign(new Error("the embedded PostgreSQL did not start: x"), { hint: "Delete .data/postgres." }))).toBe(
      "the embedded PostgreSQL did not start: x Delete .data/postgres.",
    );
    expect(describeStartFailure(new Error("first line\n    at somewhere"))).toBe("first line");
  });

  it("says something meaningful whatever was thrown", () => {
    const unknown = "unknown error (run with LOG_LEVEL=debug for details)";
    expect(describeStartFailure(undefined)).toBe(unknown);
    expect(describeStartFailure(null)).toBe(unknown);
    expect(describeStartFailure(new Error(""))).toBe(unknown);
    expect(describeStartFailure({})).toBe(unknown);
    expect(describeStartFailure("database is on fire")).toBe("database is on fire");
    expect(describeStartFailure(42)).toBe("42");
    expect(describeStartFailure({ reason: "odd" })).toBe('{"reason":"odd"}');
    expect(describeStartFailure(new AggregateError([new Error("connect ECONNREFUSED 127.0.0.1:5432")], ""))).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(describeStartFailure(Object.assign(new Error(""), { code: "ECONNRESET" }))).toBe("ECONNRESET");
  });

  it("names the port and PORT when the port is taken", () => {
    const error = Object.assign(new Error("listen EADDRINUSE: address already in use 127.0.0.1:3000"), { code: "EADDRINUSE", syscall: "listen", port: 3000 });
    expect(describeStartFailure(error)).toBe("port 3000 is already in use: stop what is using it, or set PORT to another port (e.g. PORT=3001 npm start)");
  });
});

describe("scripts/start.mjs", () => {
  it("prints one line and exits 1 on a bad variable", async () => {
    const { code, stderr } = await start({ PORT: "not-a-port", DATABASE_URL: "postgres://unused@127.0.0.1:1/none" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^svc: could not start: Invalid configuration: PORT: .+\n$/);
  });

  it("prints one line naming the port when it is in use, and the stack only with LOG_LEVEL=debug", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const port = (blocker.address() as { port: number }).port;
    const database = await createTestDatabase("start_failure");
    try {
      const plain = await start({ PORT: String(port), DATABASE_URL: database.url });
      expect(plain.code).toBe(1);
      expect(plain.stderr).toBe(`svc: could not start: port ${port} is already in use: stop what is using it, or set PORT to another port (e.g. PORT=${port + 1} npm start)\n`);

      const debug = await start({ PORT: String(port), DATABASE_URL: database.url, LOG_LEVEL: "debug" });
      expect(debug.code).toBe(1);
      expect(debug.stderr).toContain(`svc: could not start: port ${port} is already in use`);
      expect(debug.stderr).toMatch(/EADDRINUSE[\s\S]*\n\s+at /);
    } finally {
      await new Promise((r) => blocker.close(r));
      await database.drop();
    }
  });
});
