import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/**
 * Two ways the service refuses a request its client is still sending: the app-proxy's 413
 * for a body over its limit, and Node's parser refusing the head itself. Both close in the
 * stages RFC 9112 §9.6 asks for. Closing at once, with the client's input unread, makes the
 * TCP stack answer its next bytes with a reset, and a reset can erase the answer from the
 * client's socket before it reads it: the client sees "connection reset", not the 413 or 431
 * (docs/decisions/102).
 */

/** How long a refused request's input may go on being read and dropped (nginx's lingering_time). */
export const LINGER_MS = 30_000;

/**
 * After the app-proxy's 413: reads and drops the rest of the body, then closes. Bounded, so
 * a client that never stops sending is cut off after LINGER_MS.
 */
export function lingerThenClose(req: IncomingMessage): void {
  const socket = req.socket;
  const cutOff = setTimeout(() => socket.destroy(), LINGER_MS);
  cutOff.unref();
  socket.once("close", () => clearTimeout(cutOff));
  req.once("end", () => {
    clearTimeout(cutOff);
    socket.end();
  });
  req.resume();
}

/** Node's own answers to a request its parser refuses (lib/_http_server.js), byte for byte. */
const parserAnswers: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const parserAnswerFor = (code: string | undefined): string => {
  const status = parserAnswers[code ?? ""] ?? 400;
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`;
};

/** Connections whose head was refused, now draining their client's input; shutdown cuts them. */
const lingering = new Set<Duplex>();

/**
 * A request the parser refuses (a head over the 16 KB limit, a NUL in a header, a head that
 * never finished) gets Node's own answer; then our side ends, and the client's input is read
 * and dropped until the client closes or `lingerMs` pass. Node destroys the socket at once
 * instead: a client from another process sending a 1 MB head lost its 431 about half the time.
 */
export function answerUnparsableRequests(server: Server, lingerMs = LINGER_MS): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The parser stays refused, so every later chunk of this client's input lands here too.
    if (lingering.has(socket)) return;
    // A response already under way on this connection (a pipelined request behind it) owns
    // the socket: Node's own handling, which answers only if that response wrote nothing yet.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (!socket.writable || inFlight) {
      if (socket.writable && !inFlight?.headersSent) socket.write(parserAnswerFor(error.code));
      socket.destroy(error);
      return;
    }
    lingering.add(socket);
    const done = () => {
      clearTimeout(cutOff);
      lingering.delete(socket);
      socket.destroy();
    };
    const cutOff = setTimeout(done, lingerMs);
    socket.once("end", done);
    socket.once("close", done);
    socket.on("error", done);
    socket.end(parserAnswerFor(error.code));
  });
}

/** Shutdown: connections still draining a refused head need not keep the server open. */
export function closeLingeringConnections(): void {
  for (const socket of lingering) socket.destroy();
  lingering.clear();
}
