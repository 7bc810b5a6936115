import type { IncomingMessage, ServerResponse } from "node:http";
import type { EntityManager } from "@mikro-orm/postgresql";
import { findAppError } from "../server/platform/errors";
import { isDatabaseUnavailable } from "../server/platform/db/availability";
import { log } from "../server/platform/log";
import { PROVIDER_PROXY_PREFIX, proxyProviderCall, type ProviderCall, type ProviderReply } from "../server/connections";
import { startedRuntime } from "../server/start";
import { authenticateBearer, bearerFrom, knownAppKey } from "./bearer";
import { APP_KEY_PREFIX } from "../server/keys";
import { nameAnswer, withRequestId } from "./request-id";
import { currentRequestId } from "../server/platform/request-scope";

/**
 * The provider proxy `ANY /api/proxy/{provider}/{path}` on raw Node request/response objects
 * (the `npm start` path, docs/decisions/017): this adapter only authenticates the App Key and
 * translates Node's objects for the core in server/connections (proxyProviderCall).
 */

export { PROVIDER_PROXY_PREFIX };

export function isProviderProxyPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(PROVIDER_PROXY_PREFIX);
}

function rawHeader(raw: string[], name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

function hasRequestBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return length !== undefined ? length !== "0" : req.headers["transfer-encoding"] !== undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  nameAnswer(res);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers, "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Failures that are not the proxy's own refusals, as the rest of the edge answers them (`{ message }`, SPEC 5). */
function sendFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (!req.complete) req.resume();
  const appError = findAppError(error);
  if (appError) return sendJson(res, appError.status, { message: appError.message, ...appError.body }, appError.headers);
  if (isDatabaseUnavailable(error)) return sendJson(res, 503, { message: "Service unavailable" }, { "retry-after": "5" });
  log.error("provider proxy failed", { error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) });
  sendJson(res, 500, { message: "Internal server error" });
}

/** An EntityManager only when a lookup or a refresh needs one (the key was authenticated: the runtime is started). */
function lazyEm(): () => EntityManager {
  let fork: EntityManager | undefined;
  return () => (fork ??= startedRuntime()!.orm.em.fork() as EntityManager);
}

/** Node's response as the core's reply. */
class NodeReply implements ProviderReply {
  private readonly requestId = currentRequestId();

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {}

  get started(): boolean {
    return this.res.headersSent;
  }

  answer(status: number, headers: Record<string, string>, body: string): void {
    if (!this.req.complete) this.req.resume();
    if (this.res.headersSent) return void this.res.destroy();
    nameAnswer(this.res);
    this.res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
    this.res.end(body);
  }

  fail(error: unknown): void {
    sendFailure(this.req, this.res, error);
  }

  start(status: number, statusText: string | undefined, headers: string[]): void {
    this.res.writeHead(status, statusText, withRequestId([...headers], this.requestId));
  }

  write(chunk: Buffer): boolean {
    return this.res.write(chunk);
  }

  onDrain(resume: () => void): void {
    this.res.once("drain", resume);
  }

  end(): void {
    this.res.end();
  }

  destroy(): void {
    this.res.destroy();
  }

  onClose(listener: () => void): void {
    const res = this.res;
    res.on("close", () => {
      if (!res.writableFinished) listener();
    });
  }
}

function providerCall(req: IncomingMessage): ProviderCall {
  const body = hasRequestBody(req) ? req : null;
  if (body === null) req.resume();
  return { method: req.method ?? "GET", url: req.url ?? "", rawHeaders: req.rawHeaders, body };
}

/**
 * Every request under /api/proxy/ comes here from the Node entry, before the route table.
 * A cached key goes to the core at once, with no promise in between (the hot path).
 */
export function handleProviderProxy(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): void {
  const token = bearerFrom((name) => rawHeader(req.rawHeaders, name));
  const known = token?.startsWith(APP_KEY_PREFIX) ? knownAppKey(token) : undefined;
  if (known) return proxyProviderCall(known, providerCall(req), new NodeReply(req, res), lazyEm());
  // SPEC 5: the token is judged first; anything but `svc_sk_` is refused before any lookup.
  authenticateBearer((name) => rawHeader(req.rawHeaders, name), clientAddress).then(
    (principal) => proxyProviderCall(principal, providerCall(req), new NodeReply(req, res), lazyEm()),
    (error) => sendFailure(req, res, error),
  );
}
