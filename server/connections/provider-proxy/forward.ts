import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import type { Agent, Dispatcher } from "undici";
import { undici } from "../../platform/http/undici";
import { log } from "../../platform/log";
import { recordUpstreamAnswer, recordUpstreamError, requestStart } from "../../platform/metrics";
import { forwardedRequestHeaders, NEVER_FROM_A_PROVIDER, NEVER_TO_A_PROVIDER, returnedRawResponseHeaders, type RequestHeaderRules } from "../../platform/http/header-policy";
import { brokerBody, callBroker } from "./broker-proxy";
import { parseProxyPath, type ProxyPath } from "./proxy-path";
import { connectionNeedsReauth, ProxyError } from "./proxy-error";
import { cachedProxyTarget, loadProxyTarget, type FirstPartyTarget, type ProxyTarget } from "./proxy-target";
import { isExpired, refreshCredential } from "./token-refresh";
import type { ProviderCall, ProviderReply } from "./provider-call";
import { PROVIDER_PROXY } from "../error-codes";

/**
 * The provider proxy `ANY /api/proxy/{provider}/{path}` (issue 7 section 7,
 * docs/decisions/017): a deployed tool calls its provider with its App Key and never holds
 * the provider's token. One core for both hosts (rest/provider-proxy.ts on Node objects,
 * rest/routes/provider-proxy.ts on fetch objects), given the key's tenant and app.
 * First-party: the stored token is put in Authorization and the call streams to
 * `api_base_url` + path + query and back; an expired token is refreshed first, and a 401 from
 * the provider is refreshed and retried once (when the request body, if any, was small enough
 * to keep). Broker: one call to the broker's proxy endpoint. Which headers pass is the one
 * header policy of both proxies (server/platform/http/header-policy.ts).
 */

/** Bodies up to this size are kept while streaming, so a 401 can be retried after a refresh. */
const REPLAY_LIMIT = 1024 * 1024;
/** The broker takes the body as JSON inside its own request: it is read whole, up to this. */
const BROKER_BODY_LIMIT = 4 * 1024 * 1024;
const HEADERS_TIMEOUT_MS = 60_000;
const NO_STORE_JSON = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

const STREAMED: RequestHeaderRules = { dropped: NEVER_TO_A_PROVIDER };
const REPLAYED: RequestHeaderRules = { dropped: NEVER_TO_A_PROVIDER, contentLength: true };

/**
 * Providers are called through one undici Agent (a keep-alive pool per provider origin):
 * undici's client does about 1.7x the requests of node:http's here (docs/decisions/030).
 * No SSRF guard: `api_base_url` is set by administrators in the catalog, not by tools.
 */
let dispatcher: Agent | undefined;
function providerDispatcher(): Agent {
  dispatcher ??= new (undici().Agent)({ connections: 256, keepAliveTimeout: 4_000, connect: { noDelay: true } });
  return dispatcher;
}

/** Who is calling: the tenant and app of the presented App Key. */
export interface ProxyCaller {
  tenantId: string;
  appId: string;
}

/**
 * Proxies one call. When the target is cached and its token fresh, the call is forwarded at
 * once with no promise in between (the hot path); otherwise the target is looked up first.
 * An EntityManager is forked from `orm` only when a lookup or a refresh needs one.
 */
export function proxyProviderCall(caller: ProxyCaller, call: ProviderCall, reply: ProviderReply, orm: MikroORM): void {
  let fork: EntityManager | undefined;
  const em = () => (fork ??= orm.em.fork());
  const parsed = parseProxyPath(call.url);
  if (parsed instanceof ProxyError) return refuse(reply, parsed);
  const target = cachedProxyTarget(caller.tenantId, caller.appId, parsed.provider);
  if (target?.kind === "first_party" && !isExpired(target.credential)) {
    forwardFirstParty(call, reply, target, parsed, target.credential.access_token, em);
    return;
  }
  proxySlowly(caller, call, reply, parsed, target, em).catch((error) => refuse(reply, error));
}

async function proxySlowly(caller: ProxyCaller, call: ProviderCall, reply: ProviderReply, parsed: ProxyPath, cached: ProxyTarget | undefined, em: () => EntityManager): Promise<void> {
  const target = cached ?? (await loadProxyTarget(em(), caller.tenantId, caller.appId, parsed.provider));
  if (target.kind === "needs_reauth") throw connectionNeedsReauth(target.connectionId);
  if (target.kind === "broker") {
    const raw = await readWhole(call.body, BROKER_BODY_LIMIT);
    const answer = await callBroker(target, {
      endpoint: `${parsed.path}${parsed.search}`,
      method: call.method.toUpperCase(),
      body: brokerBody(raw, headerOf(call.rawHeaders, "content-type")),
    });
    reply.answer(answer.status, { "content-type": answer.contentType, "cache-control": "no-store" }, answer.body);
    return;
  }
  let credential = target.credential;
  if (isExpired(credential)) credential = await refreshCredential(em, target, credential.access_token);
  forwardFirstParty(call, reply, target, parsed, credential.access_token, em);
}

/** The proxy's own refusals as `{ error }`; anything else is the adapter's to answer. */
function refuse(reply: ProviderReply, error: unknown): void {
  if (!(error instanceof ProxyError)) return reply.fail(error);
  if (error.status >= 500) log.warn("provider proxy refused", { code: error.code, detail: error.detail, cause: (error.cause as Error | undefined)?.message });
  if (reply.started) return reply.destroy();
  reply.answer(error.status, NO_STORE_JSON, JSON.stringify(error.body()));
}

function headerOf(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

function readWhole(body: Readable | null, limit: number): Promise<Buffer> {
  if (!body) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        body.removeAllListeners("data");
        body.resume();
        reject(new ProxyError(PROVIDER_PROXY.PAYLOAD_TOO_LARGE, `the broker takes request bodies up to ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    body.on("end", () => resolve(Buffer.concat(chunks)));
    body.on("error", reject);
  });
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

/** The request body as it streams to the provider, with a copy kept for a retry after a refresh. */
function keptBody(body: Readable, keeper: BodyKeeper): Transform {
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
  body.on("error", (error) => tee.destroy(error));
  return body.pipe(tee);
}

/** The inbound headers a provider may see, plus its host and our Authorization. */
function upstreamHeaders(call: ProviderCall, upstream: URL, accessToken: string, replayLength: number | null): string[] {
  const out = forwardedRequestHeaders(call.rawHeaders, replayLength === null ? STREAMED : REPLAYED);
  if (replayLength !== null && replayLength > 0) out.push("Content-Length", String(replayLength));
  out.push("Host", upstream.host, "Authorization", `Bearer ${accessToken}`);
  return out;
}

function forwardFirstParty(call: ProviderCall, reply: ProviderReply, target: FirstPartyTarget, parsed: ProxyPath, accessToken: string, em: () => EntityManager): void {
  const upstream = target.apiBase;
  const exchange: Exchange = { call, reply, target, path: `${upstream.pathname === "/" ? "" : upstream.pathname}${parsed.path}${parsed.search}`, em, keeper: new BodyKeeper(), current: undefined };
  reply.onClose(() => exchange.current?.abort(new Error("client closed the connection")));
  new Attempt(exchange, accessToken, null).send();
}

/** What the attempts of one proxied call share. */
interface Exchange {
  call: ProviderCall;
  reply: ProviderReply;
  target: FirstPartyTarget;
  path: string;
  em: () => EntityManager;
  keeper: BodyKeeper;
  current: Attempt | undefined;
}

/**
 * One request to the provider (the call, or its one retry after a refresh), as undici's
 * dispatch handler. It speaks the handler interface undici's client uses natively (onConnect,
 * onHeaders, ...): a handler of the newer controller interface is adapted onto it per
 * request, which parses every response's headers into an object this proxy never reads.
 */
class Attempt implements Dispatcher.DispatchHandler {
  private abortRequest: ((error: Error) => void) | undefined;
  private resumeResponse: (() => void) | undefined;
  /** Cut for a retry: whatever this request still reports is ignored. */
  private superseded = false;
  private readonly resumeAfterDrain = () => this.resumeResponse?.();
  private readonly sentAt = requestStart();

  constructor(
    private readonly exchange: Exchange,
    private readonly token: string,
    private readonly replay: Buffer | null,
  ) {}

  send(): void {
    const { call, keeper, target } = this.exchange;
    this.exchange.current = this;
    let body: Buffer | Transform | null = null;
    if (this.replay !== null) body = this.replay.length > 0 ? this.replay : null;
    else if (call.body !== null) body = keptBody(call.body, keeper);
    else keeper.ended = true;
    try {
      providerDispatcher().dispatch(
        {
          origin: target.apiBase.origin,
          path: this.exchange.path,
          method: call.method,
          headers: upstreamHeaders(call, target.apiBase, this.token, this.replay ? this.replay.length : null),
          body,
          headersTimeout: HEADERS_TIMEOUT_MS,
          bodyTimeout: 0,
        },
        this,
      );
    } catch (error) {
      this.onError(error as Error);
    }
  }

  abort(error: Error): void {
    this.abortRequest?.(error);
  }

  onConnect(abort: (error?: Error) => void): void {
    this.abortRequest = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    const { reply, target, keeper, em } = this.exchange;
    this.resumeResponse = resume;
    recordUpstreamAnswer("provider", this.sentAt);
    const retry = this.replay === null && statusCode === 401 && target.credential.refresh_token ? keeper.replayable() : null;
    if (retry !== null) {
      // The provider refused the token: refresh (once per connection, whoever asks) and retry once.
      this.superseded = true;
      this.abort(new Error("retrying after a token refresh"));
      refreshCredential(em, target, this.token).then(
        (fresh) => new Attempt(this.exchange, fresh.access_token, retry).send(),
        (error) => refuse(reply, error),
      );
      return false;
    }
    reply.start(statusCode, statusText, returnedRawResponseHeaders(rawHeaders, NEVER_FROM_A_PROVIDER));
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.superseded) return false;
    if (this.exchange.reply.write(chunk)) return true;
    this.exchange.reply.onDrain(this.resumeAfterDrain);
    return false;
  }

  onComplete(): void {
    if (!this.superseded) this.exchange.reply.end();
  }

  onError(error: Error & { code?: string }): void {
    if (this.superseded) return;
    const { reply } = this.exchange;
    if (reply.started) return reply.destroy();
    recordUpstreamError("provider", error.code === "UND_ERR_HEADERS_TIMEOUT" ? "timeout" : "unreachable");
    if (error.code === "UND_ERR_HEADERS_TIMEOUT") return refuse(reply, new ProxyError(PROVIDER_PROXY.UPSTREAM_TIMEOUT, `the provider did not answer within ${HEADERS_TIMEOUT_MS / 1000} seconds`));
    refuse(reply, new ProxyError(PROVIDER_PROXY.UPSTREAM_UNREACHABLE, "the provider could not be reached", { cause: error }));
  }
}
