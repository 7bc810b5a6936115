import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api, signUp, uniqueSlug, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 6 finding 2: after `kill -9` of the service, its embedded PostgreSQL lived on
 * holding postmaster.pid, and the next start died with no message. Here the service runs
 * as a fresh clone does (embedded database under DATA_DIR), is killed with SIGKILL while
 * workspaces are being created, and must start again on the same data with every
 * acknowledged write still there.
 */
describe("kill -9 mid-load, then a restart on the same data", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-crash-"));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user when we are root
  let service: RunningService | undefined;

  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Two starts on the embedded database, the first creating its cluster: each may take up to
  // the harness's start limit on a busy machine (tests/support/service.ts).
  it("starts again cleanly and keeps every acknowledged write", { timeout: 300_000 }, async () => {
    service = await startService({ embeddedDatabase: true, dataDir, env: { LOG_LEVEL: "info" } });
    const users: TestUser[] = [];
    for (let i = 0; i < 10; i++) users.push(await signUp(service));

    // Some writes are acknowledged well before the crash, the rest are in flight when it lands.
    const acknowledged: { user: TestUser; slug: string; id: string }[] = [];
    const running = service;
    const create = async (user: TestUser, i: number) => {
      const slug = uniqueSlug("crash");
      const res = await api(running, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: `Crash ${i}`, slug } }).catch(() => null);
      if (res?.status === 201) acknowledged.push({ user, slug, id: res.body.id });
    };
    for (let i = 0; i < 3; i++) await create(users[i]!, i);
    expect(acknowledged).toHaveLength(3);
    const load = users.slice(3).map(async (user, i) => {
      await new Promise((r) => setTimeout(r, i * 15));
      await create(user, i + 3);
    });
    await new Promise((r) => setTimeout(r, 40));
    running.child.kill("SIGKILL");
    await Promise.all(load);
    await new Promise<void>((r) => (running.child.exitCode !== null || running.child.signalCode ? r() : running.child.once("exit", () => r())));

    // The postmaster outlived the service: that is the situation the next start must handle.
    const pidFile = join(dataDir, "postgres", "postmaster.pid");
    expect(existsSync(pidFile)).toBe(true);
    const leftoverPid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    expect(() => process.kill(leftoverPid, 0)).not.toThrow();

    service = await startService({ embeddedDatabase: true, dataDir, env: { LOG_LEVEL: "info" } });
    expect(service.output()).toContain("stopped a server left over from a crashed run");
    expect(() => process.kill(leftoverPid, 0)).toThrow();

    for (const { user, slug, id } of acknowledged) {
      const signIn = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: user.email, password: user.password } });
      expect(signIn.status).toBe(200);
      // A new port means a new token issuer (BASE_URL), so sign in afresh rather than reuse the cookie.
      const cookie = `svc_session=${signIn.body.access_token}~${signIn.body.refresh_token}`;
      const mine = await api(service, "/api/tenants/me", { cookie });
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ id, slug });
    }
    // Every user signed up before the crash can still sign in, and the service takes writes again.
    for (const user of users) {
      const signIn = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: user.email, password: user.password } });
      expect(signIn.status).toBe(200);
    }
    const fresh = await signUp(service);
    const after = await api(service, "/api/tenants", { method: "POST", cookie: fresh.cookie, json: { name: "After", slug: uniqueSlug("after") } });
    expect(after.status).toBe(201);
  });
});
