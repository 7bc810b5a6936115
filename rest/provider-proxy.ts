import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { EntityManager } from "@mikro-orm/postgresql";
import { findAppError } from "../server/errors";
import { isDatabaseUnavailable } from "../server/db/availability";
import { log } from "../server/log";
import { brokerBody, callBroker } from "../server/provider-proxy/broker-proxy";
import { ProxyError, connectionNotFound } from "../server/provider-proxy/proxy-error";
import { cachedProxyTarget, loadProxyTarget, type FirstPartyTarget, type ProxyTarget } from "../server/provider-proxy/proxy-target";
import { isExpired, refreshCredential } from "../server/provider-proxy/token-refresh";
import { getRuntime, startedRuntime } from "../server/runtime/runtime";
import { isIdentityHeader } from "./app-proxy";
import { authenticateBearer, bearerFrom, knownAppKey } from "./bearer";
import { APP_KEY_PREFIX } from "../server/keys/key-format";

/**
 * The provider proxy `ANY /api/proxy/{provider}/{path}` (issue 7 section 7,
 * docs/decisions/017), on raw Node request/response objects like the app-proxy: a deployed
 * tool calls its provider with its App Key and never holds the provider's token. The tenant
 * and app come from the key alone. First-party: the stored token is put in Authorization and
 * the call streams to `api_base_url` + path + query and back; an expired token is refreshed
 * first, and a 401 from the provider is refreshed and retried once (when the request body,
 * if any, was small enough to keep). Broker: one call to the broker's proxy endpoint.
 * Inbound Authorization, cookies, `X-Svc-*` and forwarding headers never reach the provider.
 */

export const PROVIDER_PROXY_PREFIX = "/api/proxy/";

/** Bodies up to this size are kept while streaming, so a 401 can be retried after a refresh. */
const REPLAY_LIMIT = 1024 * 1024;
/** The broker takes the body as JSON inside its own request: it is read whole, up to this. */
const BROKER_BODY_LIMIT = 4 * 1024 * 1024;
const HEADERS_TIMEOUT_MS = 60_000;

const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);
const NEVER_FORWARDED = new Set(["host", "authorization", "cookie", "forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip"]);
const NEVER_RETURNED = new Set(["set-cookie", "set-cookie2"]);

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, scheduling: "lifo", noDelay: true }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, scheduling: "lifo", noDelay: true }),
};

export function isProviderProxyPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(PROVIDER_PROXY_PREFIX);
}

export interface ProxyPath {
  provider: string;
  /** The path after the provider, still percent-encoded, starting with `/`. */
  path: string;
  /** `?...` or empty. */
  search: string;
}

/**
 * `/api/proxy/{provider}/{path}?{query}` taken apart. The path is passed on as the client
 * encoded it; dot segments (also encoded ones) are refused, so a call can never climb out
 * of `api_base_url`'s path.
 */
export function parseProxyPath(rawUrl: string): ProxyPath | ProxyError {
  const queryAt = rawUrl.indexOf("?");
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const search = queryAt === -1 ? "" : rawUrl.slice(queryAt);
  const rest = pathname.slice(PROVIDER_PROXY_PREFIX.length);
  const slash = rest.indexOf("/");
  const provider = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? "/" : rest.slice(slash);
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(provider)) return connectionNotFound();
  // `//host/...` would read as a protocol-relative URL to whoever resolves it (the broker).
  if (path.startsWith("//")) return new ProxyError(400, "invalid_path", "the path must not start with //");
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return new ProxyError(400, "invalid_path", "the path is not valid percent-encoding");
    }
    if (decoded === "." || decoded === ".." || /[\\\0]/.test(decoded) || (decoded.includes("/") && decoded !== segment)) {
      return new ProxyError(400, "invalid_path", "dot segments and encoded slashes are not allowed in the path");
    }
  }
  return { provider, path, search };
}

function rawHeader(raw: string[], name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers, "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Our refusals as the spec's bodies: `{ error }` for the proxy's own, `{ message }` for bearer ones. */
function sendFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (!req.complete) req.resume();
  if (error instanceof ProxyError) {
    if (error.status >= 500) log.warn("provider proxy refused", { code: error.code, detail: error.detail, cause: (error.cause as Error | undefined)?.message });
    return sendJson(res, error.status, error.body());
  }
  const appError = findAppError(error);
  if (appError) return sendJson(res, appError.status, { message: appError.message, ...appError.body }, appError.headers);
  if (isDatabaseUnavailable(error)) return sendJson(res, 503, { message: "Service unavailable" }, { "retry-after": "5" });
  log.error("provider proxy failed", { error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) });
  sendJson(res, 500, { message: "Internal server error" });
}

async function emFactory(): Promise<() => EntityManager> {
  const { orm } = await getRuntime();
  let fork: EntityManager | undefined;
  return () => (fork ??= orm.em.fork() as EntityManager);
}

/** An EntityManager only when a refresh needs one (the runtime is started: a cached key proved it). */
function lazyEm(): () => EntityManager {
  let fork: EntityManager | undefined;
  return () => (fork ??= startedRuntime()!.orm.em.fork() as EntityManager);
}

/**
 * Every request under /api/proxy/ comes here from the Node entry, before the route table.
 * When the key and the target are cached and the token is fresh, the call is forwarded at
 * once with no promise in between (the hot path); otherwise the slow path looks them up.
 */
export function handleProviderProxy(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): void {
  const token = bearerFrom((name) => rawHeader(req.rawHeaders, name));
  const principal = token?.startsWith(APP_KEY_PREFIX) ? knownAppKey(token) : undefined;
  if (principal) {
    const parsed = parseProxyPath(req.url ?? "");
    const target = parsed instanceof ProxyError ? undefined : cachedProxyTarget(principal.tenantId, principal.appId, parsed.provider);
    if (target?.kind === "first_party" && !isExpired(target.credential)) {
      void forwardFirstParty(req, res, target, parsed as ProxyPath, target.credential.access_token, lazyEm());
      return;
    }
  }
  proxy(req, res, clientAddress).catch((error) => sendFailure(req, res, error));
}

async function proxy(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): Promise<void> {
  // SPEC 5: the token is judged first; anything but `svc_sk_` is refused before any lookup.
  const principal = await authenticateBearer((name) => rawHeader(req.rawHeaders, name), clientAddress);
  const parsed = parseProxyPath(req.url ?? "");
  if (parsed instanceof ProxyError) throw parsed;
  const em = await emFactory();
  const target: ProxyTarget =
    cachedProxyTarget(principal.tenantId, principal.appId, parsed.provider) ?? (await loadProxyTarget(em(), principal.tenantId, principal.appId, parsed.provider));
  if (target.kind === "broker") {
    const raw = await readWhole(req, BROKER_BODY_LIMIT);
    const answer = await callBroker(target, {
      endpoint: `${parsed.path}${parsed.search}`,
      method: (req.method ?? "GET").toUpperCase(),
      body: brokerBody(raw, req.headers["content-type"]),
    });
    res.writeHead(answer.status, { "content-type": answer.contentType, "cache-control": "no-store", "content-length": Buffer.byteLength(answer.body) });
    res.end(answer.body);
    return;
  }
  let credential = target.credential;
  if (isExpired(credential)) credential = await refreshCredential(em, target, credential.access_token);
  await forwardFirstParty(req, res, target, parsed, credential.access_token, em);
}

function readWhole(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new ProxyError(413, "payload_too_large", `the broker takes request bodies up to ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The inbound headers a provider may see, plus its host and our Authorization. */
function upstreamHeaders(req: IncomingMessage, upstream: URL, accessToken: string, replayLength: number | null): string[] {
  const raw = req.rawHeaders;
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === "connection") for (const token of raw[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || NEVER_FORWARDED.has(lower) || named.has(lower) || isIdentityHeader(lower)) continue;
    if (replayLength !== null && lower === "content-length") continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  if (replayLength !== null && replayLength > 0) out.push("Content-Length", String(replayLength));
  out.push("Host", upstream.host, "Authorization", `Bearer ${accessToken}`);
  return out;
}

function downstreamHeaders(raw: string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === "connection") for (const token of raw[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || NEVER_RETURNED.has(lower) || named.has(lower)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/** Keeps a copy of the request body while it streams, up to REPLAY_LIMIT. */
class BodyKeeper {
  private chunks: Buffer[] = [];
  private size = 0;
  overflowed = false;
  ended = false;

  add(chunk: Buffer): void {
    if (this.overflowed) return;
    this.size += chunk.length;
    if (this.size > REPLAY_LIMIT) {
      this.overflowed = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
  }

  replayable(): Buffer | null {
    return this.ended && !this.overflowed ? Buffer.concat(this.chunks) : null;
  }
}

function forwardFirstParty(
  req: IncomingMessage,
  res: ServerResponse,
  target: FirstPartyTarget,
  parsed: ProxyPath,
  accessToken: string,
  em: () => EntityManager,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const keeper = new BodyKeeper();
    let finished = false;
    const done = () => {
      if (!finished) {
        finished = true;
        resolve();
      }
    };
    const fail = (error: unknown) => {
      sendFailure(req, res, error);
      done();
    };

    const send = (token: string, replay: Buffer | null) => {
      const upstream = target.apiBase;
      const protocol = upstream.protocol as "http:" | "https:";
      const basePath = upstream.pathname === "/" ? "" : upstream.pathname;
      const proxyReq = (protocol === "https:" ? https : http).request({
        protocol,
        hostname: upstream.hostname.replace(/^\[|\]$/g, ""),
        port: upstream.port || (protocol === "https:" ? 443 : 80),
        method: req.method,
        path: `${basePath}${parsed.path}${parsed.search}`,
        headers: upstreamHeaders(req, upstream, token, replay ? replay.length : null) as unknown as http.OutgoingHttpHeaders,
        agent: agents[protocol],
      });
      let answered = false;
      const timer = setTimeout(() => {
        if (answered) return;
        answered = true;
        proxyReq.destroy();
        fail(new ProxyError(504, "upstream_timeout", `the provider did not answer within ${HEADERS_TIMEOUT_MS / 1000} seconds`));
      }, HEADERS_TIMEOUT_MS);
      proxyReq.on("response", (proxyRes) => {
        clearTimeout(timer);
        if (answered) return void proxyRes.resume();
        answered = true;
        const retry = replay === null && proxyRes.statusCode === 401 && target.credential.refresh_token ? keeper.replayable() : null;
        if (retry !== null) {
          // The provider refused the token: refresh (once per connection, whoever asks) and retry once.
          proxyRes.resume();
          refreshCredential(em, target, token).then((fresh) => send(fresh.access_token, retry), fail);
          return;
        }
        res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, downstreamHeaders(proxyRes.rawHeaders));
        proxyRes.pipe(res);
        proxyRes.on("error", () => res.destroy());
        proxyRes.on("end", done);
      });
      proxyReq.on("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (answered) {
          res.destroy();
          return done();
        }
        answered = true;
        fail(new ProxyError(502, "upstream_unreachable", "the provider could not be reached", { cause: error }));
      });
      res.on("close", () => {
        clearTimeout(timer);
        if (!res.writableFinished) proxyReq.destroy();
        done();
      });
      if (replay !== null) {
        proxyReq.end(replay);
        return;
      }
      req.on("data", (chunk: Buffer) => keeper.add(chunk));
      req.on("end", () => (keeper.ended = true));
      req.pipe(proxyReq);
    };
    send(accessToken, null);
  });
}
