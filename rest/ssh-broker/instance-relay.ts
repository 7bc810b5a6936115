import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { WebSocket } from "ws";
import { getConfig } from "../../server/platform/config";
import { log } from "../../server/platform/log";
import type { AgentLocation } from "../../server/shell";
import { MAX_FRAME_BYTES } from "./frames";
import { heartbeat } from "./heartbeat";

/**
 * Shells across instances (ADR 043). The instance a `svc ssh` lands on (B) finds in PostgreSQL
 * where the deployment's agent is connected (A) and opens an internal WebSocket to A's
 * `/ssh/v1/relay`, authenticated by SHELL_RELAY_SECRET; A treats it as a shell client of the
 * user B vouches for, and B passes frames both ways unchanged.
 */

/** This run of this instance: rows it wrote in shell_agent_locations carry it. */
export const INSTANCE_ID = randomUUID();

export const RELAY_SECRET_HEADER = "x-svc-relay-secret";
export const RELAY_USER_HEADER = "x-svc-relay-user";

/** How long B waits for A to accept the relay before telling the user there is no agent. */
const DIAL_TIMEOUT_MS = 5_000;

/** Said to a `svc ssh` whose shell ran on an instance that went away. */
export const INSTANCE_GONE = "The service instance holding the deployment's agent went away; the shell ended (run svc ssh again once the agent has reconnected)";

/** True only for a caller holding this instance's relay secret (none set: nobody). */
export function holdsRelaySecret(req: IncomingMessage): boolean {
  const secret = getConfig().SHELL_RELAY_SECRET;
  const presented = req.headers[RELAY_SECRET_HEADER];
  if (!secret || typeof presented !== "string") return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface RelayedUser {
  userId: string;
  email: string;
}

export function relayedUser(req: IncomingMessage): RelayedUser | null {
  try {
    const value = JSON.parse(String(req.headers[RELAY_USER_HEADER] ?? "")) as Partial<RelayedUser>;
    return typeof value.userId === "string" && typeof value.email === "string" ? { userId: value.userId, email: value.email } : null;
  } catch {
    return null;
  }
}

/**
 * Opens the relay to the instance holding the agent; null when it cannot be reached, or
 * answers that it no longer holds the agent (the caller then says there is no running agent).
 */
export function dialAgentInstance(location: AgentLocation, deployment: { id: string; name: string }, user: RelayedUser): Promise<WebSocket | null> {
  const secret = getConfig().SHELL_RELAY_SECRET;
  if (!secret) return Promise.resolve(null);
  // A row is written by whichever instance holds the agent; one it cannot parse is no agent here.
  if (!URL.canParse(location.instanceUrl.replace(/^http/, "ws"))) return Promise.resolve(null);
  const url = new URL("/ssh/v1/relay", location.instanceUrl.replace(/^http/, "ws"));
  url.searchParams.set("deployment", deployment.id);
  url.searchParams.set("name", deployment.name);
  return new Promise((resolve) => {
    const remote = new WebSocket(url, {
      headers: { [RELAY_SECRET_HEADER]: secret, [RELAY_USER_HEADER]: JSON.stringify(user) },
      handshakeTimeout: DIAL_TIMEOUT_MS,
      maxPayload: MAX_FRAME_BYTES * 2,
      perMessageDeflate: false,
    });
    const give = (value: WebSocket | null) => {
      remote.removeAllListeners("open").removeAllListeners("unexpected-response");
      resolve(value);
    };
    remote.once("open", () => give(remote));
    remote.once("unexpected-response", (_request, response) => {
      response.resume();
      remote.terminate();
      give(null);
    });
    remote.on("error", (error) => {
      log.debug("shell relay to another instance failed", { instance: location.instanceUrl, message: error.message });
      if (remote.readyState !== WebSocket.OPEN) give(null);
    });
  });
}

const HIGH_WATER_BYTES = 4 * 1024 * 1024;
const LOW_WATER_BYTES = 1024 * 1024;

/**
 * Passes frames between the user's socket (here) and the relay (to the agent's instance),
 * unchanged. The far end's close (an exit, an error it already sent, its shutdown) is passed
 * on; a relay cut without a close (the instance died) ends the shell with INSTANCE_GONE.
 */
export function pipeThroughInstance(client: WebSocket, remote: WebSocket): void {
  let paused = false;
  client.on("message", (data, isBinary) => {
    if (remote.readyState === WebSocket.OPEN) remote.send(data, { binary: isBinary });
  });
  remote.on("message", (data, isBinary) => {
    if (client.readyState !== WebSocket.OPEN) return;
    client.send(data, { binary: isBinary });
    // Back-pressure as for an agent: stop reading the relay while this user is behind.
    if (!paused && client.bufferedAmount >= HIGH_WATER_BYTES) {
      paused = true;
      remote.pause();
      const timer = setInterval(() => {
        if (client.readyState === WebSocket.OPEN && client.bufferedAmount > LOW_WATER_BYTES) return;
        clearInterval(timer);
        paused = false;
        remote.resume();
      }, 20);
      timer.unref();
    }
  });
  remote.on("close", (code, reason) => {
    if (client.readyState !== WebSocket.OPEN) return;
    if (code === 1006 || code === 1005) {
      client.send(JSON.stringify({ type: "error", message: INSTANCE_GONE }));
      client.close(1000);
    } else {
      client.close(code, reason);
    }
  });
  client.on("close", () => {
    if (remote.readyState === WebSocket.OPEN || remote.readyState === WebSocket.CONNECTING) remote.close(1000);
  });
  remote.on("error", () => remote.terminate());
  client.on("error", () => client.terminate());
  // A dead instance whose TCP connection is not reset (a pulled cable) is found by pings.
  heartbeat(remote);
}
