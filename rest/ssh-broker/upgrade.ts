import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { STATUS_CODES } from "node:http";
import { randomUUID } from "node:crypto";
import { WebSocketServer } from "ws";
import { createContextInner, createCaller } from "../../server/routers";
import { log } from "../../server/platform/log";
import { getRuntime } from "../../server/start";
import { isListening, subscribe } from "../../server/platform/db/notifications";
import { AGENT_MOVED_CHANNEL, AGENT_TOKEN_REVOKED_CHANNEL, agentMove, authenticateAgent, AGENT_TOKEN_PREFIX, forgetAgentsOfInstance, revokedAgentTokens, whereIsAgent } from "../../server/shell";
import { authenticateKeyToken, bearerFrom } from "../bearer";
import { errorResponse } from "../errors";
import { MAX_FRAME_BYTES } from "./frames";
import { MEMBERSHIP_CHANGED_CHANNEL, membershipChange } from "../../server/members";
import { agentMovedTo, attachAgent, attachClient, CLOSE, connectedAgentTokens, dropAgentsWithToken, dropAllAgentsForShutdown, hasAgent, recheckShellAccess, SHUTTING_DOWN } from "./relay";
import { dialAgentInstance, holdsRelaySecret, INSTANCE_ID, pipeThroughInstance, relayedUser } from "./instance-relay";

export const BROKER_PATH = "/ssh/v1";
const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

let wired = false;

/**
 * Live shells follow revoked agent tokens and membership changes on every instance. Called
 * once by the entry that attaches the broker, before the runtime starts listening.
 */
export function wireShellAccessChecks(): void {
  if (wired) return;
  wired = true;
  subscribe(AGENT_TOKEN_REVOKED_CHANNEL, {
    onMessage: (tokenId) => dropAgentsWithToken(tokenId),
    // A revocation may have been missed while the listener was down: ask the database.
    onReset: () => void recheckConnectedTokens(),
  });
  subscribe(MEMBERSHIP_CHANGED_CHANNEL, {
    onMessage: (payload) => {
      const change = membershipChange(payload);
      if (change) void recheckShellAccess(change.tenantId, change.userId);
    },
    onReset: () => undefined,
  });
  subscribe(AGENT_MOVED_CHANNEL, {
    onMessage: (payload) => {
      const move = agentMove(payload);
      if (move) agentMovedTo(move.deploymentId, move.instanceId);
    },
    onReset: () => undefined,
  });
}

async function recheckConnectedTokens(): Promise<void> {
  const ids = connectedAgentTokens();
  if (ids.length === 0 || !isListening()) return;
  try {
    const { orm } = await getRuntime();
    for (const id of await revokedAgentTokens(orm, ids)) dropAgentsWithToken(id);
  } catch (error) {
    log.warn("could not re-check connected agents' tokens", { message: (error as Error).message });
  }
}

export function isBrokerPath(url: string | undefined): boolean {
  return !!url && (url === BROKER_PATH || url.startsWith(`${BROKER_PATH}/`) || url.startsWith(`${BROKER_PATH}?`));
}

/** An HTTP answer instead of the upgrade, with the spec's `{ message }` body. */
function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

async function refuseError(socket: Duplex, error: unknown): Promise<void> {
  const response = errorResponse(error, randomUUID());
  const body = (await response.json()) as { message?: string };
  refuse(socket, response.status, body.message ?? "Internal server error");
}

/**
 * `GET /ssh/v1/agent` (Bearer `svc_at_…`) and `GET /ssh/v1/session?deployment=<name>`
 * (Bearer `svc_sk_…`, a member or owner of the deployment's workspace). Everything that can
 * be refused is refused before the upgrade, as a plain HTTP status with `{ message }`.
 */
export async function handleBrokerUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, clientAddress: string | null): Promise<void> {
  socket.on("error", () => socket.destroy());
  try {
    const url = new URL(req.url ?? "/", "http://broker");
    const token = bearerFrom((name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    });
    if (url.pathname === `${BROKER_PATH}/agent`) return await upgradeAgent(req, socket, head, token, url.searchParams.get("deployment"), clientAddress);
    if (url.pathname === `${BROKER_PATH}/session`) return await upgradeSession(req, socket, head, token, url.searchParams.get("deployment") ?? "", clientAddress);
    // Another instance relaying a shell (ADR 043): without the shared secret it is not there.
    if (url.pathname === `${BROKER_PATH}/relay` && holdsRelaySecret(req)) return upgradeRelay(req, socket, head, url);
    refuse(socket, 404, "Not found");
  } catch (error) {
    await refuseError(socket, error).catch(() => socket.destroy());
  }
}

async function upgradeAgent(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null, deployment: string | null, clientAddress: string | null): Promise<void> {
  if (!token || !token.startsWith(AGENT_TOKEN_PREFIX)) return refuse(socket, 401, "Missing or invalid agent token");
  const { orm } = await getRuntime();
  // Unknown tokens count against the same per-address limit as unknown svc_sk_ keys.
  const principal = await authenticateAgent(orm, token, clientAddress);
  if (!principal) return refuse(socket, 401, "Missing or invalid agent token");
  if (deployment && deployment.toLowerCase() !== principal.deploymentName) {
    return refuse(socket, 403, `This agent token belongs to deployment ${principal.deploymentName}, not ${deployment}`);
  }
  wss.handleUpgrade(req, socket, head, (ws) => attachAgent(ws, principal));
}

async function upgradeSession(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null, deployment: string, clientAddress: string | null): Promise<void> {
  const principal = await authenticateKeyToken(token, clientAddress);
  const { orm } = await getRuntime();
  const caller = createCaller(createContextInner({ orm, session: null, appKey: principal, requestId: randomUUID(), clientAddress }));
  const allowed = await caller.shell.authorizeSession({ name: deployment });
  const user = { userId: allowed.userId, email: allowed.email };
  if (hasAgent(allowed.deploymentId)) {
    wss.handleUpgrade(req, socket, head, (ws) => attachClient(ws, allowed.deploymentId, allowed.deploymentName, user));
    return;
  }
  // The agent may be connected to another instance: relay to it.
  const location = await whereIsAgent(orm, allowed.deploymentId);
  const remote = location && location.instanceId !== INSTANCE_ID ? await dialAgentInstance(location, { id: allowed.deploymentId, name: allowed.deploymentName }, user) : null;
  if (!remote) return refuse(socket, 409, `deployment ${allowed.deploymentName} has no running agent`);
  wss.handleUpgrade(req, socket, head, (ws) => pipeThroughInstance(ws, remote));
}

/** A shell relayed from another instance, for a user that instance has authenticated and allowed. */
function upgradeRelay(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
  const deploymentId = url.searchParams.get("deployment") ?? "";
  const name = url.searchParams.get("name") ?? "";
  const user = relayedUser(req);
  if (!user) return refuse(socket, 400, "Missing the relayed user");
  if (!hasAgent(deploymentId)) return refuse(socket, 409, `deployment ${name} has no running agent`);
  wss.handleUpgrade(req, socket, head, (ws) => attachClient(ws, deploymentId, name, user));
}

/** How long closing sockets may take their close handshake before they are cut. */
const CLOSE_HANDSHAKE_MS = 2_000;

/**
 * Shutdown: agents and shell clients are told (1012, "the service is shutting down") and
 * closed; a peer that does not answer the close handshake in time is cut. Resolves once every
 * broker socket is gone, so nothing holds the process open after the database stops.
 */
export async function closeShellBroker(): Promise<void> {
  dropAllAgentsForShutdown();
  // The other instances stop relaying here at once (the agents reconnect to them).
  try {
    const { orm } = await getRuntime();
    await forgetAgentsOfInstance(orm, INSTANCE_ID);
  } catch (error) {
    log.debug("could not forget this instance's shell agents", { message: (error as Error).message });
  }
  for (const socket of wss.clients) if (socket.readyState === socket.OPEN) socket.close(CLOSE.serviceRestart, SHUTTING_DOWN);
  const open = [...wss.clients];
  if (open.length === 0) return;
  const cut = setTimeout(() => open.forEach((socket) => socket.terminate()), CLOSE_HANDSHAKE_MS);
  await Promise.all(open.map((socket) => new Promise<void>((done) => (socket.readyState === socket.CLOSED ? done() : socket.once("close", () => done())))));
  clearTimeout(cut);
}
