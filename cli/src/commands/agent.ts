import { readFileSync } from "node:fs";
import WebSocket from "ws";
import { startSession, type OpenFrame, type RunningSession } from "../lib/agent-sessions.js";
import { defaultBrokerUrl, normalizeBrokerUrl, refusalMessage } from "../lib/broker-url.js";
import { defineSvcCommand } from "../lib/command.js";
import { apiBaseOf, readConfig, tryNormalizeApiBase } from "../lib/config.js";
import { CliError, EXIT_INTERRUPTED, usageError } from "../lib/errors.js";
import { info } from "../lib/output.js";
import { SUMMARIES } from "./summaries.js";

const TOKEN = /^svc_at_[A-Za-z0-9_-]{43}$/;
/**
 * Reconnect delays double from 0.5 s to at most 5 s: a deploy or a crash restarts the
 * service in seconds, and a person waiting on `svc ssh` should not wait half a minute more
 * for the agent. Each delay varies by up to a fifth, so agents do not all dial at once.
 */
const MAX_BACKOFF_MS = 5_000;
const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

/** The agent token: `SVC_AGENT_TOKEN`, or the first line of `--token-file` (never a flag: argv is visible to every user of the host). */
function agentToken(tokenFile: string | undefined): string {
  let token: string | undefined;
  if (tokenFile) {
    try {
      token = readFileSync(tokenFile, "utf8").split(/\r?\n/)[0]?.trim();
    } catch (error) {
      throw new CliError(`Could not read the agent token file ${tokenFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  } else {
    token = process.env.SVC_AGENT_TOKEN?.trim();
  }
  if (!token) throw usageError("No agent token: set SVC_AGENT_TOKEN or pass --token-file <path> (issue one on the deployment's dashboard page)");
  if (!TOKEN.test(token)) throw new CliError("The agent token is malformed: it starts with svc_at_ followed by 43 characters");
  return token;
}

function brokerUrl(flag: string | undefined, apiBaseFlag: string | undefined): string {
  if (flag) {
    const url = normalizeBrokerUrl(flag);
    if (!url) throw usageError(`--broker must be a ws:// or wss:// URL: ${flag}`);
    return url;
  }
  if (apiBaseFlag) {
    const base = tryNormalizeApiBase(apiBaseFlag);
    if (!base) throw usageError(`--api-base must be an http(s) URL: ${apiBaseFlag}`);
    return defaultBrokerUrl(base);
  }
  return defaultBrokerUrl(apiBaseOf(readConfig()));
}

export default defineSvcCommand({
  name: "agent",
  description: SUMMARIES.agent,
  usage: "svc agent --deployment <name> [--broker <url>] [--api-base <url>] [--token-file <path>]",
  args: {
    deployment: { type: "string", required: true, valueHint: "name", description: "the deployment this agent serves" },
    broker: { type: "string", valueHint: "url", description: "the shell broker (default: ws(s)://<api base host>/ssh/v1)" },
    "api-base": { type: "string", valueHint: "url", description: "the service's base URL, for the default broker (default: the config's apiBase)" },
    "token-file": { type: "string", valueHint: "path", description: "read the agent token from this file instead of SVC_AGENT_TOKEN" },
  },
  notes: [
    "The agent token (svc_at_...) is issued on the deployment's dashboard page. Give it in the\n" +
      "environment variable SVC_AGENT_TOKEN or in a file (--token-file); it is never a flag.",
    "The agent dials out to the broker (the host needs no inbound port), reconnects when the\n" +
      "connection drops, and starts $SHELL (or /bin/sh) as a login shell in a pseudo-terminal for\n" +
      "each `svc ssh`, with the deployment's variables added to its own environment.",
    "Exit status: 1 when the token is unknown or revoked, or a newer agent replaced this one.",
  ],
  async run({ args }) {
    if (!args.deployment) throw usageError("Missing --deployment <name>");
    const token = agentToken(args["token-file"]);
    const broker = brokerUrl(args.broker, args["api-base"]);
    return serve(broker, args.deployment, token);
  },
});

/** Connects, serves sessions, and reconnects with backoff until refused for good. */
function serve(broker: string, deployment: string, token: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let backoff = 500;
    let stopped = false;
    let socket: WebSocket | undefined;
    const sessions = new Map<string, RunningSession>();

    const killAll = () => {
      for (const session of sessions.values()) session.kill();
      sessions.clear();
    };
    const stop = (outcome: { code?: number; error?: CliError }) => {
      if (stopped) return;
      stopped = true;
      killAll();
      socket?.terminate();
      process.removeListener("SIGINT", onSignal);
      process.removeListener("SIGTERM", onSignal);
      if (outcome.error) reject(outcome.error);
      else resolve(outcome.code ?? 0);
    };
    const onSignal = (signal: NodeJS.Signals) => stop({ code: signal === "SIGINT" ? EXIT_INTERRUPTED : 143 });
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);

    const retry = (why: string) => {
      if (stopped) return;
      killAll();
      const delay = jittered(backoff);
      info(`svc agent: ${why}; retrying in ${Math.round(delay / 1000) || 1} s`);
      setTimeout(connect, delay);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };

    function connect() {
      if (stopped) return;
      const ws = new WebSocket(`${broker}/agent?deployment=${encodeURIComponent(deployment)}`, {
        headers: { authorization: `Bearer ${token}`, "user-agent": "svc-agent" },
        handshakeTimeout: 30_000,
        maxPayload: 4 * 1024 * 1024,
      });
      socket = ws;
      let refused = false;
      const send = (frame: object) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
      };
      ws.on("unexpected-response", (_request, response) => {
        refused = true;
        const status = response.statusCode ?? 0;
        void refusalMessage(response).then((message) => {
          if (status === 401) stop({ error: new CliError("The agent token is unknown or was revoked: issue a new one on the deployment's page") });
          else if (status >= 400 && status < 500 && status !== 429) stop({ error: new CliError(message) });
          else retry(`the broker answered ${message}`);
        });
      });
      let opened = false;
      let lastError = "";
      ws.on("open", () => (opened = true));
      ws.on("error", (error: Error & { code?: string }) => (lastError = error.code ?? error.message));
      ws.on("close", (code, reason) => {
        if (refused || stopped || ws !== socket) return;
        if (!opened) return retry(`could not reach ${broker}${lastError ? ` (${lastError})` : ""}`);
        if (code === 4003) return stop({ error: new CliError("The agent token was revoked: issue a new one on the deployment's page") });
        if (code === 4009) return stop({ error: new CliError("Replaced by a newer agent for this deployment") });
        retry(`disconnected from the broker${reason.length ? ` (${reason.toString()})` : ""}`);
      });
      ws.on("message", (raw, isBinary) => {
        if (isBinary) return;
        let frame: Record<string, unknown>;
        try {
          frame = JSON.parse(raw.toString()) as Record<string, unknown>;
        } catch {
          return;
        }
        const id = typeof frame.session === "string" ? frame.session : "";
        switch (frame.type) {
          case "ready":
            backoff = 500;
            info(`svc agent: connected to ${broker} for deployment ${deployment}`);
            break;
          case "open": {
            const open = frame as unknown as OpenFrame & { user?: { email?: string } };
            info(`svc agent: session opened by ${open.user?.email ?? "unknown"} (${open.tty ? "terminal" : "command"})`);
            try {
              sessions.set(
                id,
                startSession(open, {
                  data: (stream, chunk) => send({ type: "data", session: id, stream, data: chunk.toString("base64") }),
                  congested: () => ws.readyState === WebSocket.OPEN && ws.bufferedAmount > 4 * 1024 * 1024,
                  exit: (code) => {
                    if (!sessions.delete(id)) return;
                    send({ type: "exit", session: id, code });
                  },
                }),
              );
            } catch (error) {
              send({ type: "error", session: id, message: `Could not start the shell: ${(error as Error).message}` });
            }
            break;
          }
          case "data":
            if (typeof frame.data === "string") sessions.get(id)?.write(Buffer.from(frame.data, "base64"));
            break;
          case "resize":
            if (Number.isInteger(frame.cols) && Number.isInteger(frame.rows)) sessions.get(id)?.resize(frame.cols as number, frame.rows as number);
            break;
          case "eof":
            sessions.get(id)?.endInput();
            break;
          case "close":
            sessions.get(id)?.kill();
            sessions.delete(id);
            break;
        }
      });
    }
    connect();
  });
}
