import type { WebSocket } from "ws";

const PING_INTERVAL_MS = 30_000;

/**
 * Pings `socket` every 30 s and terminates it when the last ping went unanswered: a peer
 * whose TCP connection is not reset (a dropped network, a pulled cable) is found this way.
 * The timer stops when the socket closes and never keeps the process alive.
 */
export function heartbeat(socket: WebSocket): void {
  let alive = true;
  socket.on("pong", () => (alive = true));
  const timer = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, PING_INTERVAL_MS);
  timer.unref();
  socket.on("close", () => clearInterval(timer));
}
