import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { createTestDatabase } from "../support/database";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { startEchoUpstream } from "../support/echo-upstream";
import { startService, type RunningService } from "../support/service";
import { runSvc, startAgent, svcHome, type RunningAgent } from "../support/svc-shell";

/**
 * The service restarts under a running `svc agent` (a deploy, a crash): the agent notices,
 * retries with backoff, and `svc ssh` works again once the service is back, with nobody
 * touching the agent.
 */
describe("svc agent across a service restart", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-shell-restart-"));
  let service: RunningService | undefined;
  let agent: RunningAgent | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await agent?.stop();
    await service?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reconnects by itself and serves shells again", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase("shell-restart");
    dropDatabase = database.drop;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = () => startService({ databaseUrl: database.url, dataDir, port });
    const upstream = await startEchoUpstream();
    try {
      service = await start();
      const at = { url: base };
      const owner = await signUp(at);
      await createTenant(at, owner, uniqueSlug("restart"));
      expect((await api(at, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "tool", upstreamUrl: upstream.url } })).status).toBe(201);
      const token = (await api(at, "/api/deployments/tool/agent-tokens", { method: "POST", cookie: owner.cookie })).body.token;
      const key = (await api(at, "/api/dev/personal-key", { method: "POST", cookie: owner.cookie, json: {} })).body.apiKey;
      const home = svcHome({ apiBase: base, apiKey: key });
      agent = await startAgent({ apiBase: base, deployment: "tool", token });
      expect(await runSvc(["ssh", "tool", "--", "echo before"], { home })).toEqual({ status: 0, stdout: "before\n", stderr: "" });

      await service.stop();
      service = undefined;
      for (let i = 0; i < 100 && !agent.stderr().includes("retrying"); i++) await new Promise((r) => setTimeout(r, 100));
      expect(agent.stderr()).toMatch(/svc agent: (disconnected from the broker|could not reach ws:\/\/127\.0\.0\.1:\d+\/ssh\/v1).*; retrying in \d+ s/);
      expect(agent.child.exitCode).toBeNull();

      service = await start();
      const connectedTwice = () => (agent!.stderr().match(/connected to ws:/g) ?? []).length >= 2;
      for (let i = 0; i < 200 && !connectedTwice(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(connectedTwice()).toBe(true);
      expect(await runSvc(["ssh", "tool", "--", "echo after"], { home })).toEqual({ status: 0, stdout: "after\n", stderr: "" });
    } finally {
      await upstream.close();
    }
  });
});
