// The round-robin front of `npm run cluster` (scripts/cluster.mjs): what a load balancer does
// in production, small enough to read. Each request (and each WebSocket) goes to the next
// instance that is ready; an instance is ready while its `/readyz` answers 200, so a draining
// or dead one stops getting requests within one poll. Proxying itself is http-proxy-3's.
import { Agent, createServer } from "node:http";
import { Readable } from "node:stream";
import { createProxyServer } from "http-proxy-3";

const POLL_MS = 500;
/** Request bodies up to this size are read whole before they are sent on; bigger ones stream. */
const BUFFER_LIMIT = 8 * 1024 * 1024;

/**
 * Reads the request body as nginx does by default (proxy_request_buffering): an instance that
 * answers before reading the body (a 401 to an upload) and closes makes a streamed body's
 * write fail, and Node's client then drops the answer; a body sent whole gets it. A whole body
 * can also be sent again to another instance when the first was never reached.
 */
const NO_BODY = { chunks: [], complete: true };

function readBody(req) {
  // Most requests have no body: nothing to wait for.
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) return Promise.resolve(NO_BODY);
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > BUFFER_LIMIT) {
        req.off("data", onData).off("end", onEnd).pause();
        resolve({ chunks, complete: false });
      }
    };
    const onEnd = () => resolve({ chunks, complete: true });
    req.on("data", onData).on("end", onEnd).once("error", reject);
  });
}

function bodyStream(req, body) {
  if (body === NO_BODY) return undefined;
  if (body.complete) return Readable.from(body.chunks);
  return Readable.from(
    (async function* () {
      yield* body.chunks;
      yield* req;
    })(),
  );
}

/** Errors that mean the instance was never reached: nothing of the request was handled. */
const NOT_REACHED = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENOTFOUND"]);

function answer(res, status, message) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "retry-after": "1", connection: "close" });
  res.end(JSON.stringify({ message }));
}

/**
 * Starts the front on host:port in front of `instances` ([{ name, url }]). Resolves
 * { url, close(), readyCount() } once it listens.
 */
export async function startFront({ host, port, instances, log = () => {} }) {
  const state = instances.map((instance) => ({ ...instance, ready: false }));
  // Kept-alive connections to the instances, as a load balancer keeps them.
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  // xfwd: the instances see the client's address in X-Forwarded-For (they trust loopback
  // proxies by default, TRUSTED_PROXIES), so per-address limits count people, not the front.
  const proxy = createProxyServer({ xfwd: true, agent });
  let next = 0;

  const setReady = (instance, ready) => {
    if (instance.ready === ready) return;
    instance.ready = ready;
    log(`${instance.name} ${ready ? "is ready" : "is not ready: no requests go to it"}`);
  };
  const pick = (skip) => {
    for (let i = 0; i < state.length; i += 1) {
      const candidate = state[(next + i) % state.length];
      if (candidate.ready && candidate !== skip) {
        next = (next + i + 1) % state.length;
        return candidate;
      }
    }
    return undefined;
  };

  let polling = true;
  const poll = async (instance) => {
    while (polling) {
      const ready = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (polling) setReady(instance, ready);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
    }
  };
  // The first round before listening: the front opens with the instances it can use.
  await Promise.all(
    state.map(async (instance) => {
      const ok = await fetch(`${instance.url}/readyz`).then((res) => res.status === 200, () => false);
      setReady(instance, ok);
    }),
  );
  for (const instance of state) void poll(instance);

  const forward = (req, res, body, skip) => {
    const instance = pick(skip);
    if (!instance) return answer(res, 503, "No instance is ready; try again in a moment.");
    proxy.web(req, res, { target: instance.url, buffer: bodyStream(req, body) }, (error) => {
      if (NOT_REACHED.has(error.code)) setReady(instance, false);
      // A request whose instance was never reached (and whose body is still whole here) is
      // safe to send to another one, once.
      if (NOT_REACHED.has(error.code) && body.complete && !skip && !res.headersSent) return forward(req, res, body, instance);
      answer(res, 502, "The instance handling this request went away before answering; try again.");
    });
  };

  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => forward(req, res, body),
      () => res.destroy(),
    );
  });
  server.on("upgrade", (req, socket, head) => {
    const instance = pick();
    if (!instance) return socket.destroy();
    proxy.ws(req, socket, head, { target: instance.url }, (error) => {
      if (NOT_REACHED.has(error.code)) setReady(instance, false);
      socket.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    readyCount: () => state.filter((instance) => instance.ready).length,
    async close() {
      polling = false;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
