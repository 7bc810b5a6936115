import { connect } from "node:net";

/** What one request written byte for byte left with its client: the bytes answered, and whether the connection was reset. */
export type RawExchange = { answer: string; reset: boolean };

/**
 * Writes `request` to 127.0.0.1:`port` as it is, so values no HTTP client would send still
 * go out, and reads until the connection closes. A reset is reported, not thrown: the
 * service must end refused requests in order (rest/lingering-close.ts), and a test says so.
 */
export function rawExchange(port: number, request: Buffer): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let reset = false;
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => resolve({ answer, reset }));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") reset = true;
      else reject(error);
    });
    socket.write(request);
  });
}
