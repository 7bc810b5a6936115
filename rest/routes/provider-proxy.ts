import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { findAppError } from "../../server/platform/errors";
import { isDatabaseUnavailable } from "../../server/platform/db/availability";
import { log } from "../../server/platform/log";
import { PROVIDER_PROXY_PREFIX, proxyProviderCall, type ProviderCall, type ProviderReply } from "../../server/connections";
import { getRuntime, startedRuntime } from "../../server/start";
import { APP_KEY_PREFIX } from "../../server/keys";
import { currentRequestId } from "../../server/platform/request-scope";
import { authenticateBearer, bearerFrom, knownAppKey } from "../bearer";
import { rawHeader } from "../raw-header";
import { rawRoute } from "../raw-route";
import { nameAnswer, withRequestId } from "../request-id";
import type { RequestContext } from "../request-context";

/**
 * The provider proxy `ANY /api/proxy/{provider}/{path}` (docs/decisions/017), the one adapter
 * of the core in server/connections (proxyProviderCall) for both hosts: on Node's raw objects
 * (`npm start`, the raw declaration `providerProxyRoute`) and on fetch objects (`remix-serve`,
 * `providerProxy`). It only authenticates the App Key and translates the host's objects; the
 * body streams both ways on either.
 */

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

function nodeCall(req: IncomingMessage): ProviderCall {
  const body = hasRequestBody(req) ? req : null;
  if (body === null) req.resume();
  return { method: req.method ?? "GET", url: req.url ?? "", rawHeaders: req.rawHeaders, body };
}

/**
 * Every request under /api/proxy/, any method, on Node's objects (the raw declaration below).
 * A cached key goes to the core at once, with no promise in between (the hot path).
 */
function serveProviderProxy(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): void {
  const token = bearerFrom((name) => rawHeader(req.rawHeaders, name));
  const known = token?.startsWith(APP_KEY_PREFIX) ? knownAppKey(token) : undefined;
  if (known) return proxyProviderCall(known, nodeCall(req), new NodeReply(req, res), startedRuntime()!.orm);
  // SPEC 5: the token is judged first; anything but `svc_sk_` is refused before any lookup.
  authenticateBearer((name) => rawHeader(req.rawHeaders, name), clientAddress).then(
    (principal) => proxyProviderCall(principal, nodeCall(req), new NodeReply(req, res), startedRuntime()!.orm),
    (error) => sendFailure(req, res, error),
  );
}

/** Statuses whose Response may carry no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** The core's reply as a fetch Response, resolved at the status line; the body follows as it streams. */
class FetchReply implements ProviderReply {
  readonly response: Promise<Response>;
  started = false;
  private resolve!: (response: Response) => void;
  private reject!: (error: unknown) => void;
  private stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  private drained: (() => void) | undefined;
  private closed: (() => void) | undefined;

  constructor() {
    this.response = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  answer(status: number, headers: Record<string, string>, body: string): void {
    this.started = true;
    this.resolve(new Response(body, { status, headers }));
  }

  fail(error: unknown): void {
    this.reject(error);
  }

  start(status: number, statusText: string | undefined, raw: string[]): void {
    this.started = true;
    const headers = new Headers();
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    const body = NULL_BODY.has(status)
      ? null
      : new ReadableStream<Uint8Array>({
          start: (controller) => {
            this.stream = controller;
          },
          pull: () => {
            const resume = this.drained;
            this.drained = undefined;
            resume?.();
          },
          cancel: () => this.closed?.(),
        });
    this.resolve(new Response(body, { status, statusText, headers }));
  }

  write(chunk: Buffer): boolean {
    if (!this.stream) return true;
    this.stream.enqueue(chunk);
    return (this.stream.desiredSize ?? 0) > 0;
  }

  onDrain(resume: () => void): void {
    this.drained = resume;
  }

  end(): void {
    this.stream?.close();
  }

  destroy(): void {
    this.stream?.error(new Error("the provider failed mid-answer"));
  }

  onClose(listener: () => void): void {
    this.closed = listener;
  }
}

function fetchCall(ctx: RequestContext): ProviderCall {
  const raw: string[] = [];
  ctx.request.headers.forEach((value, name) => raw.push(name, value));
  const body = ctx.request.body ? Readable.fromWeb(ctx.request.body as unknown as NodeReadableStream<Uint8Array>) : null;
  return { method: ctx.request.method, url: `${ctx.url.pathname}${ctx.url.search}`, rawHeaders: raw, body };
}

/** ANY /api/proxy/*, for hosts that hand the edge a fetch Request (remix-serve): the declarations in tool-surface.operations.ts. */
export async function providerProxy(ctx: RequestContext): Promise<Response> {
  const principal = await authenticateBearer((name) => ctx.header(name), ctx.clientAddress);
  const { orm } = await getRuntime();
  const reply = new FetchReply();
  proxyProviderCall(principal, fetchCall(ctx), reply, orm);
  return reply.response;
}

/** The provider proxy on Node's objects: every path under the prefix, any method, counted as `provider-proxy`. */
export const providerProxyRoute = rawRoute({ area: "provider-proxy", prefix: PROVIDER_PROXY_PREFIX, serve: serveProviderProxy });
