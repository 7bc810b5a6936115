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

  it("refuses an INSTANCE_URL other instances could not dial, before touching the database", async () => {
    const { code, stderr } = await start({ INSTANCE_URL: "10.0.0.12:3000", DATABASE_URL: "postgres://unused@127.0.0.1:1/none" });
    expect(code).toBe(1);
    expect(stderr).toBe("svc: could not start: Invalid configuration: INSTANCE_URL: an http:// or https:// origin, such as http://10.0.0.12:3000\n");
  });

  it("prints one line naming the port when it is in use, and the stack only with LOG_LEVEL=debug", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const port = (blocker.address() as { port: number }).port;
    const database = await createTestDatabase("start_failure");
    try {
      // The start waits for a busy port (PORT_BUSY_WAIT_SECONDS, 10 by default) before it gives up.
      const plain = await start({ PORT: String(port), DATABASE_URL: database.url, PORT_BUSY_WAIT_SECONDS: "1" });
      expect(plain.code).toBe(1);
      expect(plain.stderr).toBe(`svc: could not start: port ${port} is already in use: stop what is using it, or set PORT to another port (e.g. PORT=${port + 1} npm start)\n`);

      const debug = await start({ PORT: String(port), DATABASE_URL: database.url, LOG_LEVEL: "debug", PORT_BUSY_WAIT_SECONDS: "1" });
      expect(debug.code).toBe(1);
      expect(debug.stderr).toContain(`svc: could not start: port ${port} is already in use`);
      expect(debug.stderr).toMatch(/EADDRINUSE[\s\S]*\n\s+at /);
    } finally {
      await new Promise((r) => blocker.close(r));
      await database.drop();
    }
  });

  it("waits for a port still held (as after kill -9) and comes up once it is freed, saying once that it waits", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const port = (blocker.address() as { port: number }).port;
    const database = await createTestDatabase("start_busy_port");
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "info", LOG_FORMAT: "json" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    const until = async (what: string, done: () => boolean | Promise<boolean>) => {
      for (let i = 0; i < 200; i++) {
        if (await done()) return;
        if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode} while waiting for ${what}:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${what} did not happen within 20 s:\n${output}`);
    };
    try {
      await until("the waiting line", () => output.includes(`port ${port} is in use: waiting up to 10 s for it to be freed`));
      await new Promise((r) => blocker.close(r));
      await until("the service answering", async () => (await fetch(`http://127.0.0.1:${port}/api/auth/me`).catch(() => null))?.ok === true);
      expect(output.split(`port ${port} is in use`).length - 1).toBe(1);
      expect(output).not.toContain("could not start");
    } finally {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      if (blocker.listening) await new Promise((r) => blocker.close(r));
      await database.drop();
    }
  });
});
