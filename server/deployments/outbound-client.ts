import type { Socket } from "node:net";
import { isIP } from "node:net";
import type { Agent, buildConnector } from "undici";
import { undici } from "../platform/http/undici";
import { resolveAllowed } from "./upstream-policy";

/**
 * The one way the service connects to an address a person chose: a deployed tool's
 * upstream, for the app-proxy's forwarding, its WebSocket upgrades and the health checks
 * (docs/decisions/031). Every new connection resolves its host through the upstream policy
 * and connects to the very address that was checked, so an IP literal (which Node never
 * passes to `lookup`), an IPv6 spelling of a refused IPv4 address and a name that resolves
 * elsewhere later (DNS rebinding) all meet the same check. A refusal fails the connection
 * with code EUPSTREAMREFUSED and the policy's reason as its message.
 */
let plainConnector: buildConnector.connector | undefined;
function connector(): buildConnector.connector {
  plainConnector ??= undici().buildConnector({ noDelay: true } as buildConnector.BuildOptions);
  return plainConnector;
}

export interface GuardedConnectOptions {
  hostname: string;
  protocol: string;
  port: string;
  servername?: string;
}

/** Connects to `hostname` only if its resolved address is allowed (undici's connector shape). */
export function guardedConnect(options: GuardedConnectOptions, callback: (error: Error | null, socket: Socket | null) => void): void {
  const hostname = options.hostname.replace(/^\[|\]$/g, "");
  resolveAllowed(hostname).then(
    (address) => {
      // TLS still names the host the person registered (SNI), never the bare address.
      const servername = options.servername ?? (isIP(hostname) ? undefined : hostname);
      connector()({ ...options, hostname: address, host: address, servername } as buildConnector.Options, (error, socket) =>
        error ? callback(error, null) : callback(null, socket as Socket),
      );
    },
    (error: Error) => callback(Object.assign(error, { code: "EUPSTREAMREFUSED" }), null),
  );
}

let dispatcher: Agent | undefined;

/**
 * The keep-alive pool (one per upstream origin) that every outbound request to a tool goes
 * through. undici's HTTP/1.1 client does about 1.7x the requests of node:http's on this
 * machine, which is most of the proxy's cost once everything is cached.
 */
export function guardedDispatcher(): Agent {
  dispatcher ??= new (undici().Agent)({ connections: 256, keepAliveTimeout: 4_000, connect: guardedConnect as never });
  return dispatcher;
}

/** Closes the pool's idle connections (shutdown). */
export async function closeGuardedDispatcher(): Promise<void> {
  const current = dispatcher;
  dispatcher = undefined;
  await current?.close().catch(() => undefined);
}

/**
 * node:http's `createConnection` for a request that cannot go through the pool (a WebSocket
 * upgrade hands its socket over for good): the same guarded connect, for one upstream URL.
 */
export function guardedCreateConnection(upstream: URL) {
  return (_options: unknown, callback: (error: Error | null, socket: Socket | null) => void): undefined => {
    guardedConnect({ hostname: upstream.hostname, protocol: upstream.protocol, port: upstream.port || (upstream.protocol === "https:" ? "443" : "80") }, callback);
    return undefined;
  };
}
