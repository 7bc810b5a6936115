import { STATUS_CODES, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/**
 * How long a refused request's connection stays open, reading and discarding, for its client
 * to finish sending and read the answer. nginx waits 5 s of silence (lingering_timeout);
 * this is the whole wait, so a client trickling bytes cannot hold the socket longer.
 */
export const LINGER_MS = 5_000;

/** Node's own answers to a request its parser refuses (lib/_http_server.js), byte for byte. */
const answers: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const answerFor = (code: string | undefined): string => {
  const status = answers[code ?? ""] ?? 400;
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`;
};

/** Connections answered and now draining their client's input; shutdown cuts them at once. */
const lingering = new Set<Duplex>();

/**
 * A request the parser refuses (a head over the 16 KB limit, a NUL in a header, a head that
 * never finished) gets Node's own answer, but its connection is closed in stages, as RFC 9112
 * §9.6 asks: our side first, then the client's input is read and dropped until the client
 * closes or LINGER_MS pass. Node closes at once instead, and while the client is still
 * sending (a 1 MB header, a body behind a bad head) that unread input makes the TCP stack
 * reset the connection, which can erase the answer before the client reads it: the client
 * saw a connection error instead of 431, about half the time from another process.
 */
export function answerUnparsableRequests(server: Server, lingerMs = LINGER_MS): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The parser stays refused, so every later chunk of this client's input lands here too.
    if (lingering.has(socket)) return;
    // A response already under way on this connection (a pipelined request behind it) owns
    // the socket: Node's own handling, which answers only if that response wrote nothing yet.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (!socket.writable || inFlight) {
      if (socket.writable && !inFlight?.headersSent) socket.write(answerFor(error.code));
      socket.destroy(error);
      return;
    }
    lingering.add(socket);
    const done = () => {
      clearTimeout(timer);
      lingering.delete(socket);
      socket.destroy();
    };
    const timer = setTimeout(done, lingerMs);
    socket.once("end", done);
    socket.once("close", done);
    socket.on("error", done);
    socket.end(answerFor(error.code));
  });
}

/** Shutdown: the answered connections still draining need not keep the server open. */
export function closeLingeringConnections(): void {
  for (const socket of lingering) socket.destroy();
  lingering.clear();
}
