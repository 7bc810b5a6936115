import { randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { log } from "../../server/platform/log";
import { getRuntime } from "../../server/start";
import { type AgentPrincipal, forgetAgent, locateAgent, recordShellEvent, shellAccessFor, shellEnvironment } from "../../server/shell";
import { getConfig } from "../../server/platform/config";
import { INSTANCE_ID } from "./instance-relay";
import { parseAgentFrame, parseClientFrame, type OpenRequest } from "./frames";
import { heartbeat } from "./heartbeat";

/** Close codes the CLI and the agent act on (docs/decisions/021). */
export const CLOSE = { normal: 1000, serviceRestart: 1012, replaced: 4009, revoked: 4003, agentGone: 4010, badFrame: 4400 } as const;

/** Said to agents and shell clients when the service stops (the agent then retries). */
export const SHUTTING_DOWN = "the service is shutting down";

export interface ShellUser {
  userId: string;
  email: string;
}

interface Session {
  id: string;
  client: WebSocket;
  agent: ConnectedAgent;
  user: ShellUser;
  openedAt: number;
  ended: boolean;
  /** Frames the client sent before the agent was told to open the session, in order. */
  pending: object[] | null;
}

interface ConnectedAgent {
  socket: WebSocket;
  principal: AgentPrincipal;
  sessions: Map<string, Session>;
  /** Reading from the agent is paused while a client's send buffer is over the mark. */
  paused: boolean;
}

/** Past this many bytes queued for a slow client, the broker stops reading its agent. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
const LOW_WATER_BYTES = 1024 * 1024;

/**
 * The in-process pairing of `svc ssh` clients with the one connected agent of each
 * deployment. Where each agent is connected is also kept in PostgreSQL, so a `svc ssh` that
 * lands on another instance is relayed here (ADR 043, ./instance-relay.ts).
 */
const agents = new Map<string, ConnectedAgent>();

const send = (socket: WebSocket, frame: object) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
};

export function hasAgent(deploymentId: string): boolean {
  return agents.has(deploymentId);
}

async function record(session: Session, type: "deployment.shell.opened" | "deployment.shell.closed", data: Record<string, unknown>): Promise<void> {
  try {
    const { orm } = await getRuntime();
    await recordShellEvent(orm, {
      deploymentId: session.agent.principal.deploymentId,
      tenantId: session.agent.principal.tenantId,
      type,
      actorUserId: session.user.userId,
      actorEmail: session.user.email,
      data: { session: session.id, ...data },
    });
  } catch (error) {
    log.error("could not record a shell event", { type, session: session.id, error: (error as Error).message });
  }
}

/** Ends a session once: tells the client (exit or error), the agent (close), and the log. */
function endSession(session: Session, outcome: { code: number | null; error?: string; reason: string }): void {
  if (session.ended) return;
  session.ended = true;
  session.agent.sessions.delete(session.id);
  if (outcome.error) send(session.client, { type: "error", message: outcome.error });
  else if (outcome.code !== null) send(session.client, { type: "exit", code: outcome.code });
  if (session.client.readyState === session.client.OPEN) session.client.close(CLOSE.normal);
  if (outcome.reason !== "exit") send(session.agent.socket, { type: "close", session: session.id });
  void record(session, "deployment.shell.closed", { exitCode: outcome.code, reason: outcome.reason, durationMs: Date.now() - session.openedAt });
}

/** A newly authenticated agent. One per deployment: the newest replaces the previous one. */
export function attachAgent(socket: WebSocket, principal: AgentPrincipal): void {
  const previous = agents.get(principal.deploymentId);
  if (previous) dropAgent(previous, CLOSE.replaced, "Replaced by a newer agent for this deployment");
  const agent: ConnectedAgent = { socket, principal, sessions: new Map(), paused: false };
  agents.set(principal.deploymentId, agent);
  void locateAgentHere(agent);
  send(socket, { type: "ready", deployment: principal.deploymentName });
  socket.on("message", (raw, isBinary) => {
    const frame = isBinary ? null : parseAgentFrame(raw.toString());
    const session = frame ? agent.sessions.get(frame.session) : undefined;
    if (!frame || !session) return;
    if (frame.type === "data") {
      send(session.client, { type: "data", data: frame.data, stream: frame.stream });
      holdBackFor(agent, session.client);
    }
    else if (frame.type === "exit") endSession(session, { code: frame.code, reason: "exit" });
    else endSession(session, { code: null, error: frame.message, reason: "agent error" });
  });
  socket.on("close", () => {
    if (agents.get(principal.deploymentId) === agent) {
      agents.delete(principal.deploymentId);
      void forgetAgentHere(principal.deploymentId);
    }
    for (const session of [...agent.sessions.values()]) endSession(session, { code: null, error: "The deployment's agent disconnected", reason: "agent disconnected" });
  });
  keepAlive(socket);
}

/**
 * Back-pressure: a command printing faster than the client reads (a slow link, `yes`)
 * would otherwise pile up in this process's memory. Reading the agent's socket stops until
 * the client has taken most of it; TCP then slows the agent down.
 */
function holdBackFor(agent: ConnectedAgent, client: WebSocket): void {
  if (agent.paused || client.bufferedAmount < HIGH_WATER_BYTES) return;
  agent.paused = true;
  agent.socket.pause();
  const timer = setInterval(() => {
    if (client.readyState === client.OPEN && client.bufferedAmount > LOW_WATER_BYTES) return;
    clearInterval(timer);
    agent.paused = false;
    agent.socket.resume();
  }, 20);
  timer.unref();
}

/** Tells the other instances (through PostgreSQL) that this deployment's agent is here. */
async function locateAgentHere(agent: ConnectedAgent): Promise<void> {
  try {
    const { orm } = await getRuntime();
    await locateAgent(orm, agent.principal.deploymentId, { instanceId: INSTANCE_ID, instanceUrl: getConfig().instanceUrl });
  } catch (error) {
    log.warn("could not record where a shell agent is connected; shells from other instances will not find it", { message: (error as Error).message });
  }
}

async function forgetAgentHere(deploymentId: string): Promise<void> {
  try {
    const { orm } = await getRuntime();
    await forgetAgent(orm, deploymentId, INSTANCE_ID);
  } catch (error) {
    log.debug("could not forget a shell agent's location", { message: (error as Error).message });
  }
}

/** Another instance now holds this deployment's agent: the newest agent wins across instances too. */
export function agentMovedTo(deploymentId: string, instanceId: string): void {
  const agent = agents.get(deploymentId);
  if (agent && instanceId !== INSTANCE_ID) dropAgent(agent, CLOSE.replaced, "Replaced by a newer agent for this deployment");
}

function dropAgent(agent: ConnectedAgent, code: number, message: string): void {
  if (agents.get(agent.principal.deploymentId) === agent) agents.delete(agent.principal.deploymentId);
  for (const session of [...agent.sessions.values()]) endSession(session, { code: null, error: `The deployment's agent disconnected (${message.toLowerCase()})`, reason: "agent disconnected" });
  send(agent.socket, { type: "error", message });
  agent.socket.close(code, message);
}

/**
 * The service is stopping: every shell ends with a clear error for its `svc ssh`, and every
 * agent is closed with 1012 (Service Restart), which `svc agent` answers by reconnecting.
 */
export function dropAllAgentsForShutdown(): void {
  for (const agent of [...agents.values()]) dropAgent(agent, CLOSE.serviceRestart, SHUTTING_DOWN);
}

/** A revoked token's agent is disconnected at once (and told why, so it stops retrying). */
export function dropAgentsWithToken(tokenId: string): void {
  for (const agent of [...agents.values()]) if (agent.principal.tokenId === tokenId) dropAgent(agent, CLOSE.revoked, "The agent token was revoked");
}

/**
 * A membership changed (removed, demoted): that person's open shells in that workspace end
 * unless the shell area says they still may (it asks the database, the truth after the change).
 */
export async function recheckShellAccess(tenantId: string, userId: string): Promise<void> {
  const sessions = [...agents.values()]
    .filter((agent) => agent.principal.tenantId === tenantId)
    .flatMap((agent) => [...agent.sessions.values()])
    .filter((session) => session.user.userId === userId);
  if (sessions.length === 0) return;
  try {
    const { orm } = await getRuntime();
    if (await shellAccessFor(orm, tenantId, userId)) return;
  } catch (error) {
    log.warn("could not re-check shell access; ending the sessions", { message: (error as Error).message });
  }
  for (const session of sessions) endSession(session, { code: null, error: "Your access to this deployment was revoked", reason: "access revoked" });
}

export function connectedAgentTokens(): string[] {
  return [...agents.values()].map((agent) => agent.principal.tokenId);
}

/**
 * A `svc ssh` client already allowed on the deployment: waits for its `open` frame, then
 * relays. The agent may have gone between the check and now: the client is told so.
 */
export function attachClient(socket: WebSocket, deploymentId: string, deploymentName: string, user: ShellUser): void {
  let session: Session | undefined;
  const refuse = (message: string, code: number = CLOSE.normal) => {
    send(socket, { type: "error", message });
    socket.close(code);
  };
  socket.on("message", (raw, isBinary) => {
    void onClientMessage(raw.toString(), isBinary).catch((error) => {
      log.error("shell session failed", { message: (error as Error).message });
      if (session) endSession(session, { code: null, error: "The session failed", reason: "broker error" });
      else refuse("The session failed");
    });
  });
  async function onClientMessage(raw: string, isBinary: boolean): Promise<void> {
    const frame = isBinary ? null : parseClientFrame(raw);
    if (!frame) {
      if (session) endSession(session, { code: null, error: "Malformed frame", reason: "malformed frame" });
      else refuse("Malformed frame", CLOSE.badFrame);
      return;
    }
    if (!session) {
      if (frame.type !== "open") return refuse("The first frame must be open", CLOSE.badFrame);
      const agent = agents.get(deploymentId);
      if (!agent) return refuse(`deployment ${deploymentName} has no running agent`);
      session = { id: randomUUID(), client: socket, agent, user, openedAt: Date.now(), ended: false, pending: [] };
      agent.sessions.set(session.id, session);
      await openOnAgent(session, frame.request);
      return;
    }
    if (session.ended || frame.type === "open") return;
    const forward =
      frame.type === "data"
        ? { type: "data", session: session.id, data: frame.data }
        : frame.type === "resize"
          ? { type: "resize", session: session.id, cols: frame.cols, rows: frame.rows }
          : { type: "eof", session: session.id };
    if (session.pending) session.pending.push(forward);
    else send(session.agent.socket, forward);
  }
  socket.on("close", () => {
    if (session) endSession(session, { code: null, reason: "client disconnected" });
  });
  keepAlive(socket);
}

async function openOnAgent(session: Session, request: OpenRequest): Promise<void> {
  let env: Record<string, string> = {};
  try {
    const { orm } = await getRuntime();
    env = await shellEnvironment(orm, session.agent.principal.appId);
  } catch (error) {
    log.error("could not read the deployment's variables for a shell", { error: (error as Error).message });
    return endSession(session, { code: null, error: "Could not open the shell", reason: "environment unavailable" });
  }
  // Recorded first, so the log never shows a session closed before it was opened.
  await record(session, "deployment.shell.opened", { tty: request.tty, command: request.command });
  if (session.ended) return;
  send(session.agent.socket, { type: "open", session: session.id, ...request, env, user: { email: session.user.email } });
  for (const frame of session.pending ?? []) send(session.agent.socket, frame);
  session.pending = null;
}

/**
 * A peer that stops answering pings (a dropped network) is closed, which ends its sessions.
 * A socket error (a reset, an oversized frame) closes it too: an unheard `error` event
 * would take the whole service down.
 */
function keepAlive(socket: WebSocket): void {
  socket.on("error", (error) => {
    log.debug("shell broker socket error", { message: error.message });
    socket.terminate();
  });
  heartbeat(socket);
}
