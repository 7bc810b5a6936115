import { PROVIDER_PROXY } from "../server/platform/error-codes";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Transform } from "node:stream";
import { Agent } from "undici";
import type { EntityManager } from "@mikro-orm/postgresql";
import { findAppError } from "../server/platform/errors";
import { isDatabaseUnavailable } from "../server/platform/db/availability";
import { log } from "../server/platform/log";
import { brokerBody, callBroker, ProxyError, connectionNotFound, cachedProxyTarget, loadProxyTarget, type FirstPartyTarget, type ProxyTarget, isExpired, refreshCredential } from "../server/connections";
import { getRuntime, startedRuntime } from "../server/start";
import { isIdentityHeader } from "./app-proxy";
import { connectionNamed, downstreamHeaders, HOP_BY_HOP, rawHeaderList, type DispatchController } from "./app-proxy-upstream";
import { authenticateBearer, bearerFrom, knownAppKey } from "./bearer";
import { APP_KEY_PREFIX } from "../server/keys";

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

const NEVER_FORWARDED = new Set(["expect", "host", "authorization", "cookie", "forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip"]);
const NEVER_RETURNED = new Set(["set-cookie", "set-cookie2"]);

/**
 * Providers are called through one undici Agent (a keep-alive pool per provider origin):
 * undici's client does about 1.7x the requests of node:http's here (docs/decisions/030).
 * No SSRF guard: `api_base_url` is set by administrators in the catalog, not by tools.
 */
let dispatcher: Agent | undefined;
function providerDispatcher(): Agent {
  dispatcher ??= new Agent({ connections: 256, keepAliveTimeout: 4_000, connect: { noDelay: true } });
  return dispatcher;
}

function hasRequestBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return length !== undefined ? length !== "0" : req.headers["transfer-encoding"] !== undefined;
}

/** The request body as it streams to the provider, with a copy kept for a retry after a refresh. */
function keptBody(req: IncomingMessage, keeper: BodyKeeper): Transform {
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      keeper.add(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      keeper.ended = true;
      callback();
    },
  });
  req.on("error", (error) => tee.destroy(error));
  return req.pipe(tee);
}

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
  if (path.startsWith("//")) return new ProxyError(PROVIDER_PROXY.INVALID_PATH, "the path must not start with //");
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return new ProxyError(PROVIDER_PROXY.INVALID_PATH, "the path is not valid percent-encoding");
    }
    if (decoded === "." || decoded === ".." || /[\\\0]/.test(decoded) || (decoded.includes("/") && decoded !== segment)) {
      return new ProxyError(PROVIDER_PROXY.INVALID_PATH, "dot segments and encoded slashes are not allowed in the path");
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
        reject(new ProxyError(PROVIDER_PROXY.PAYLOAD_TOO_LARGE, `the broker takes request bodies up to ${limit} bytes`));
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
  const named = connectionNamed(raw);
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
      const basePath = upstream.pathname === "/" ? "" : upstream.pathname;
      let body: Buffer | Transform | null = null;
      if (replay !== null) body = replay.length > 0 ? replay : null;
      else if (hasRequestBody(req)) body = keptBody(req, keeper);
      else {
        keeper.ended = true;
        req.resume();
      }
      let controller: DispatchController | undefined;
      let retrying = false;
      res.on("close", () => {
        if (!res.writableFinished) controller?.abort(new Error("client closed the connection"));
        done();
      });
      const onError = (error: Error & { code?: string }) => {
        if (retrying) return;
        if (res.headersSent) {
          res.destroy();
          return done();
        }
        if (error.code === "UND_ERR_HEADERS_TIMEOUT") return fail(new ProxyError(PROVIDER_PROXY.UPSTREAM_TIMEOUT, `the provider did not answer within ${HEADERS_TIMEOUT_MS / 1000} seconds`));
        fail(new ProxyError(PROVIDER_PROXY.UPSTREAM_UNREACHABLE, "the provider could not be reached", { cause: error }));
      };
      try {
        providerDispatcher().dispatch(
          {
            origin: upstream.origin,
            path: `${basePath}${parsed.path}${parsed.search}`,
            method: req.method ?? "GET",
            headers: upstreamHeaders(req, upstream, token, replay ? replay.length : null),
            body,
            headersTimeout: HEADERS_TIMEOUT_MS,
            bodyTimeout: 0,
          },
          {
            onRequestStart(c) {
              controller = c;
            },
            onResponseStart(c, statusCode, headers, statusMessage) {
              const retry = replay === null && statusCode === 401 && target.credential.refresh_token ? keeper.replayable() : null;
              if (retry !== null) {
                // The provider refused the token: refresh (once per connection, whoever asks) and retry once.
                retrying = true;
                c.abort(new Error("retrying after a token refresh"));
                refreshCredential(em, target, token).then((fresh) => send(fresh.access_token, retry), fail);
                return;
              }
              res.writeHead(statusCode, statusMessage, downstreamHeaders(rawHeaderList(c.rawHeaders, headers), NEVER_RETURNED));
            },
            onResponseData(c, chunk) {
              if (retrying) return;
              if (!res.write(chunk)) {
                c.pause();
                res.once("drain", () => c.resume());
              }
            },
            onResponseEnd() {
              if (retrying) return;
              res.end();
              done();
            },
            onResponseError(_c, error) {
              onError(error);
            },
          },
        );
      } catch (error) {
        onError(error as Error);
      }
    };
    send(accessToken, null);
  });
}
