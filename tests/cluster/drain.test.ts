import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";

/**
 * Drain (issue 18, 4): on SIGTERM an instance stops accepting, answers 503 on /readyz, answers
 * the requests already arriving on open connections (closing each connection after), and
 * exits 0.
 */
let service: RunningService | undefined;
beforeAll(async () => {
  service = await startService({ env: { SHUTDOWN_GRACE_SECONDS: "20" } });
});
afterAll(async () => {
  await service?.stop();
});

/** A raw connection that has sent the start of a request, its headers not finished. */
async function halfSentRequest(url: string, path: string): Promise<{ socket: Socket; finish(): Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n`);
  return {
    socket,
    finish: async () => {
      socket.write("\r\n");
      await closed;
      return received;
    },
  };
}

describe("draining on SIGTERM", () => {
  it("refuses new connections, says draining on /readyz, answers what was arriving, then exits 0", { timeout: 60_000 }, async () => {
    if (!service) throw new Error("the service did not start");
    expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${service.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);

    const arriving = await halfSentRequest(service.url, "/api/auth/me");
    const readiness = await halfSentRequest(service.url, "/readyz");
    // One whole answer on a third connection: the service has read what the two sent before it
    // (bytes still unread when the signal comes are no request yet, on a loaded machine too).
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => service!.child.once("exit", (code) => resolve(code)));
    service.child.kill("SIGTERM");
    // New connections are refused once the listener is closed.
    for (let i = 0; i < 200; i++) {
      const refused = await fetch(`${service.url}/healthz`).then(
        () => false,
        () => true,
      );
      if (refused) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();

    const answer = await arriving.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('{"loggedIn":false,"userId":null,"email":null}');
    const readyAnswer = await readiness.finish();
    expect(readyAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(readyAnswer).toContain('{"status":"not_ready","reasons":["draining"]}');
    expect(await exited).toBe(0);
  });
});
