import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerUnparsableRequests, closeLingeringConnections } from "../../rest/lingering-close";

/**
 * The staged close of a refused request's connection (rest/lingering-close.ts), on a real
 * Node HTTP server: it must end when the client does, and on its own when the client never
 * does. tests/rest/unparsable-requests.test.ts checks what the client sees from the service.
 */
describe("the staged close of a refused request's connection", () => {
  let server: Server | undefined;
  afterEach(async () => {
    closeLingeringConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function serve(lingerMs: number): Promise<number> {
    server = createServer((_req, res) => res.end("ok"));
    answerUnparsableRequests(server, lingerMs);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }
  const openConnections = () => new Promise<number>((resolve, reject) => server!.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  /** Sends a head with a bell byte in a header (refused at once) and reads until the service's side ends. */
  function refusedClient(port: number, then: "hang up" | "stay") {
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const answered = new Promise<string>((resolve) => {
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("end", () => {
        if (then === "hang up") socket.end();
        resolve(answer);
      });
    });
    socket.write("GET / HTTP/1.1\r\nHost: x\r\nX-Note: a\u0007b\r\n\r\n");
    return { socket, answered };
  }

  it("answers, ends its side at once, and lets go when the client hangs up, long before the wait is over", async () => {
    const port = await serve(600_000);
    const client = refusedClient(port, "hang up");
    expect(await client.answered).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    await expect.poll(openConnections).toBe(0);
  });

  it("lets go of a client that neither sends more nor hangs up once the wait is over", async () => {
    const port = await serve(300);
    const client = refusedClient(port, "stay");
    expect(await client.answered).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    await expect.poll(openConnections).toBe(0);
    client.socket.destroy();
  });

  it("is cut at once at shutdown", async () => {
    const port = await serve(600_000);
    const client = refusedClient(port, "stay");
    await client.answered;
    expect(await openConnections()).toBe(1);
    closeLingeringConnections();
    await expect.poll(openConnections).toBe(0);
    client.socket.destroy();
  });
});
