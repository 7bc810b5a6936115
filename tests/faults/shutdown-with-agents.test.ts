import { afterAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { startEchoUpstream } from "../support/echo-upstream";
import { startService, type RunningService } from "../support/service";
import { startAgent, type RunningAgent } from "../support/svc-shell";

/**
 * Ctrl-C or SIGTERM with an `svc agent` connected (issue 17, 1): the service closes the
 * agent's WebSocket with a code the agent answers by reconnecting, and exits by itself. It
 * used to wait forever on the upgraded socket, with only SIGKILL ending it.
 */
describe("shutdown with a connected agent", () => {
  let service: RunningService | undefined;
  let agent: RunningAgent | undefined;

  afterAll(async () => {
    await agent?.stop();
    await service?.stop();
  });

  it("SIGTERM closes the agent's socket (it retries) and the process exits 0", { timeout: 60_000 }, async () => {
    const upstream = await startEchoUpstream();
    try {
      service = await startService({ label: "shutdown-agents" });
      const owner = await signUp(service);
      await createTenant(service, owner, uniqueSlug("shutdown"));
      expect((await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "tool", upstreamUrl: upstream.url } })).status).toBe(201);
      const token = (await api(service, "/api/deployments/tool/agent-tokens", { method: "POST", cookie: owner.cookie })).body.token;
      agent = await startAgent({ apiBase: service.url, deployment: "tool", token });

      const child = service.child;
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once("exit", (code, signal) => done({ code, signal })));
      child.kill("SIGTERM");
      // Bounded only by the test's timeout: before the fix this never resolved.
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(service.output()).not.toContain("forcing exit");
      // The agent was told (a close it answers with a retry), and is still running.
      const told = () => agent!.stderr().includes("svc agent: disconnected from the broker (the service is shutting down); retrying in");
      while (!told()) await new Promise((r) => setTimeout(r, 50));
      expect(agent.child.exitCode).toBeNull();
    } finally {
      await upstream.close();
    }
  });
});
