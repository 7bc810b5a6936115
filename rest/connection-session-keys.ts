import type { Socket } from "node:net";
import { SessionKeyMemo } from "../server/identity";

const memos = new WeakMap<Socket, SessionKeyMemo>();

/**
 * The connection's memo of its last session cookie's cache key (docs/decisions/092): made on
 * its first fast answer, gone with the socket.
 */
export function sessionKeysOf(socket: Socket): SessionKeyMemo {
  let memo = memos.get(socket);
  if (!memo) memos.set(socket, (memo = new SessionKeyMemo()));
  return memo;
}
