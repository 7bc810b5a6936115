import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { Duplex } from "node:stream";
import { getConfig } from "../server/platform/config";
import { admitToTool, appScheme, APP_SESSION_COOKIE, APP_SESSION_LIFETIME_MS, authorizationForTool, cookieForTool, withToolCookiesScoped, type Admission, type AdmissionRequest, type AppIdentity, type DeploymentTarget, guardedCreateConnection, guardedDispatcher, isAppHost } from "../server/deployments";
import { rawRoute } from "./raw-route";
import { bearerRefusal, resourceMetadataAnswer, signInChallenge } from "./app-proxy-resource";
import { log } from "../server/platform/log";
import { getRuntime } from "../server/start";
import { HTML_PAGE_HEADERS, htmlPageBody } from "./html-page";
import type { Dispatcher } from "undici";
import { forwardedRequestHeaders, NEVER_TO_A_TOOL, returnedRawResponseHeaders, type RequestHeaderRules } from "../server/platform/http/header-policy";
import { BodyTooLarge, cappedBody } from "./app-proxy-upstream";
import { lingerThenClose } from "./lingering-close";
import { nameAnswer, withRequestId } from "./request-id";
import { answerPreflight, isPreflight, readableUnlessToolDecided } from "./public-cors";
import { currentRequestId } from "../server/platform/request-scope";
import { recordUpstreamAnswer, recordUpstreamError, requestStart } from "../server/platform/metrics";

/**
 * The app-proxy (issue 8, docs/decisions/030): `{name}--{workspace}.{APPS_DOMAIN}` in front
 * of a deployed tool. It authenticates the person (app session from the dashboard
 * handshake), strips every inbound identity header, injects the five X-Svc-* headers of
 * SPEC 2 and a signed X-Svc-Assertion, and streams both ways through a keep-alive pool.
 * Raw Node request/response: no fetch-style objects, no buffering.
 */

const HEADERS_TIMEOUT_MS = () => getConfig().APP_PROXY_HEADERS_TIMEOUT_MS;

/** Upstream errors that only mean the tool is down or went away: not worth a warning. */
const QUIET_UPSTREAM_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET", "UND_ERR_ABORTED"]);

/** Header values must be ASCII: anything else (and `%` itself) is percent-encoded as UTF-8. */
export function headerSafe(value: string): string {
  let out = "";
  for (const ch of value) out += ch === "%" || !/^[\x20-\x7e]$/.test(ch) ? encodeURIComponent(ch) : ch;
  return out;
}

/** A tool that did not answer may answer the next time: those pages offer to try again. */
const TRY_AGAIN = '<a class="primary" href="">Try again</a>';

function sendPage(res: ServerResponse, status: number, title: string, message: string, headers: Record<string, string> = {}, actionsHtml = ""): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = htmlPageBody(title, message, actionsHtml);
  nameAnswer(res);
  res.writeHead(status, { ...HTML_PAGE_HEADERS, ...headers, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** The 413 page; the connection closes once the client has finished sending (lingering-close.ts). */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse, target: DeploymentTarget, maxBody: number): void {
  sendPage(res, 413, "Request too large", `${target.name} accepts request bodies up to ${maxBody} bytes.`);
  lingerThenClose(req);
}

/**
 * The header policy for a tool (server/platform/http/header-policy.ts): the tool never sees our
 * app-session cookie, nor any of our credentials in Cookie or Authorization (issue 27, ADR 059).
 */
const TO_A_TOOL: RequestHeaderRules = { dropped: NEVER_TO_A_TOOL, cookie: cookieForTool, authorization: authorizationForTool };
const TO_A_TOOL_UPGRADING: RequestHeaderRules = { ...TO_A_TOOL, upgrade: true };
/** A request that came with one of our access tokens: the token stays here (issue 15, ADR 039). */
const NEVER_TO_A_TOOL_WITH_TOKEN: ReadonlySet<string> = new Set([...NEVER_TO_A_TOOL, "authorization"]);
const TO_A_TOOL_WITH_TOKEN: RequestHeaderRules = { ...TO_A_TOOL, dropped: NEVER_TO_A_TOOL_WITH_TOKEN };
const TO_A_TOOL_WITH_TOKEN_UPGRADING: RequestHeaderRules = { ...TO_A_TOOL_WITH_TOKEN, upgrade: true };

function headerRules(upgrade: boolean, dropAuthorization: boolean): RequestHeaderRules {
  if (dropAuthorization) return upgrade ? TO_A_TOOL_WITH_TOKEN_UPGRADING : TO_A_TOOL_WITH_TOKEN;
  return upgrade ? TO_A_TOOL_UPGRADING : TO_A_TOOL;
}

/** The request headers for the tool: inbound ones filtered, ours set exactly. */
function upstreamHeaders(req: IncomingMessage, target: DeploymentTarget, upstream: URL, identity: AppIdentity | null, assertion: string | null, clientAddress: string | null, upgrade: boolean, dropAuthorization: boolean): string[] {
  const out = forwardedRequestHeaders(req.rawHeaders, headerRules(upgrade, dropAuthorization));
  out.push("Host", upstream.host);
  out.push("X-Forwarded-For", clientAddress ?? req.socket.remoteAddress ?? "");
  out.push("X-Forwarded-Proto", appScheme());
  out.push("X-Forwarded-Host", target.host);
  if (identity) {
    out.push("X-Svc-User-Id", identity.userId);
    out.push("X-Svc-User-Email", headerSafe(identity.email));
    out.push("X-Svc-User-Name", headerSafe(identity.displayName));
    out.push("X-Svc-Tenant-Id", identity.tenantId);
    out.push("X-Svc-Role", identity.role);
    if (assertion) out.push("X-Svc-Assertion", assertion);
  }
  return out;
}

function appSessionCookie(token: string): string {
  const secure = getConfig().secureCookies ? "; Secure" : "";
  return `${APP_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(APP_SESSION_LIFETIME_MS / 1000)}${secure}`;
}

/** The runtime's ORM for the deployments area, asked for only when a lookup misses its cache. */
const runtimeOrm = async () => (await getRuntime()).orm;

/** The upstream URL's path without its trailing slashes, prefixed to every request's. */
const basePaths = new WeakMap<URL, string>();
function basePathOf(upstream: URL): string {
  let base = basePaths.get(upstream);
  if (base === undefined) basePaths.set(upstream, (base = upstream.pathname.replace(/\/+$/, "")));
  return base;
}

/** Parsed once per upstream URL and per tool host, not per request. */
const parsedUpstreams = new Map<string, URL>();
function upstreamOf(target: DeploymentTarget): URL {
  let url = parsedUpstreams.get(target.upstreamUrl);
  if (!url) {
    url = new URL(target.upstreamUrl);
    if (parsedUpstreams.size > 10_000) parsedUpstreams.clear();
    parsedUpstreams.set(target.upstreamUrl, url);
  }
  return url;
}

function upgradeRequestOptions(target: DeploymentTarget, req: IncomingMessage, headers: string[]) {
  const upstream = upstreamOf(target);
  const base = upstream.pathname.replace(/\/+$/, "");
  return {
    upstream,
    options: {
      protocol: upstream.protocol,
      hostname: upstream.hostname.replace(/^\[|\]$/g, ""),
      port: upstream.port || (upstream.protocol === "https:" ? 443 : 80),
      method: req.method,
      path: `${base}${req.url ?? "/"}`,
      headers: headers as unknown as http.OutgoingHttpHeaders,
    },
  };
}

/** Streams the request to the tool and its answer back; synchronous once the assertion exists. */
function forwardNow(req: IncomingMessage, res: ServerResponse, target: DeploymentTarget, identity: AppIdentity | null, assertion: string | null, clientAddress: string | null, dropAuthorization: boolean): void {
  const maxBody = getConfig().APP_PROXY_MAX_BODY;
  if (Number(req.headers["content-length"] ?? 0) > maxBody) {
    refuseTooLarge(req, res, target, maxBody);
    return;
  }
  const upstreamUrl = upstreamOf(target);
  const headers = upstreamHeaders(req, target, upstreamUrl, identity, assertion, clientAddress, false, dropAuthorization);
  const hasBody = req.headers["content-length"] !== undefined ? req.headers["content-length"] !== "0" : req.headers["transfer-encoding"] !== undefined;
  const body = hasBody ? cappedBody(req, maxBody) : null;
  if (!hasBody) req.resume();
  // A program with one of our tokens, on a page of another origin, may read what the tool answers.
  const relay = new ToolRelay(req, res, target, maxBody, dropAuthorization && req.headers.origin !== undefined);
  // The client went away: stop talking to the tool too.
  res.on("close", () => {
    if (!res.writableFinished) relay.abort(new Error("client closed the connection"));
  });
  try {
    guardedDispatcher().dispatch(
      { origin: upstreamUrl.origin, path: `${basePathOf(upstreamUrl)}${req.url ?? "/"}`, method: req.method ?? "GET", headers, body, headersTimeout: HEADERS_TIMEOUT_MS(), bodyTimeout: 0 },
      relay,
    );
  } catch (error) {
    relay.onError(error as Error);
  }
}

/**
 * One request to the tool and its answer streamed back, as undici's dispatch handler. It
 * speaks the handler interface undici's client uses natively (onConnect, onHeaders, ...), as
 * the provider proxy does: a handler of the newer controller interface is adapted onto it per
 * request, parsing every answer's headers into an object the proxy never reads.
 */
class ToolRelay implements Dispatcher.DispatchHandler {
  private abortRequest: ((error: Error) => void) | undefined;
  private resumeResponse: (() => void) | undefined;
  private readonly resumeAfterDrain = () => this.resumeResponse?.();
  private readonly requestId = currentRequestId();
  private readonly sentAt = requestStart();

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly target: DeploymentTarget,
    private readonly maxBody: number,
    private readonly crossOriginReader: boolean,
  ) {}

  abort(error: Error): void {
    this.abortRequest?.(error);
  }

  onConnect(abort: (error?: Error) => void): void {
    this.abortRequest = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    this.resumeResponse = resume;
    recordUpstreamAnswer("app", this.sentAt);
    // The tool's cookies stay on its own host (issue 27, ADR 059).
    const headers = withRequestId(withToolCookiesScoped(returnedRawResponseHeaders(rawHeaders)), this.requestId);
    this.res.writeHead(statusCode, statusText, this.crossOriginReader ? readableUnlessToolDecided(headers) : headers);
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.res.write(chunk)) return true;
    this.res.once("drain", this.resumeAfterDrain);
    return false;
  }

  onComplete(): void {
    this.res.end();
  }

  onError(error: Error & { code?: string }): void {
    const { req, res, target, maxBody } = this;
    if (res.headersSent) return void res.destroy();
    if (error instanceof BodyTooLarge) {
      refuseTooLarge(req, res, target, maxBody);
      return;
    }
    if (error.code === "UND_ERR_HEADERS_TIMEOUT") {
      recordUpstreamError("app", "timeout");
      sendPage(res, 504, "The tool took too long", `${target.name} did not answer within ${Math.round(HEADERS_TIMEOUT_MS() / 1000)} seconds.`, {}, TRY_AGAIN);
      return;
    }
    if (!QUIET_UPSTREAM_ERRORS.has(error.code ?? "")) log.warn("app-proxy upstream failed", { deployment: target.name, code: error.code, message: error.message });
    recordUpstreamError("app", "unreachable");
    const why = error.code === "EUPSTREAMREFUSED" ? "its address is not allowed" : "it is not answering";
    sendPage(res, 502, `${target.name} is unavailable`, `The tool ${target.name} could not be reached: ${why}. Try again in a moment.`, {}, TRY_AGAIN);
  }
}

/** What the admission reads from a request. */
function admissionRequest(req: IncomingMessage, upgrade: boolean): AdmissionRequest {
  return { host: req.headers.host ?? "", url: req.url ?? "/", method: req.method ?? "GET", cookie: req.headers.cookie, authorization: req.headers.authorization, accept: req.headers.accept, upgrade, preflight: isPreflight(req) };
}

/** The admission's answer, written: forwarded to the tool, or a page, a redirect or a cookie. */
function answer(req: IncomingMessage, res: ServerResponse, admission: Admission, clientAddress: string | null): void {
  switch (admission.kind) {
    case "enter":
      return forwardNow(req, res, admission.target, admission.identity, admission.assertion, clientAddress, admission.dropAuthorization);
    case "no-such-tool":
      return sendPage(res, 404, "No such tool", "There is no deployed tool at this address.");
    case "resource-metadata":
      req.resume();
      return resourceMetadataAnswer(req, res, admission.target, admission.origin, admission.found);
    case "preflight":
      return answerPreflight(req, res);
    case "bearer-refused":
      req.resume();
      return bearerRefusal(res, admission.origin, admission.refusal);
    case "sign-in":
      if (admission.location === null) return sendPage(res, 401, "Sign in required", `Open ${admission.target.name} in your browser to sign in.`, signInChallenge(admission.target));
      nameAnswer(res);
      res.writeHead(302, { location: admission.location, "cache-control": "no-store" });
      return void res.end();
    case "session-started":
      nameAnswer(res);
      res.writeHead(302, { location: admission.location, "set-cookie": appSessionCookie(admission.sessionToken), "cache-control": "no-store", "referrer-policy": "no-referrer" });
      return void res.end();
    case "link-expired":
      return sendPage(res, 400, "This sign-in link has expired", `Open ${admission.target.name} again to sign in.`);
  }
}

function unavailable(res: ServerResponse, error: unknown): void {
  log.error("app-proxy failed", { error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) });
  sendPage(res, 503, "Service unavailable", "Please try again in a moment.", { "retry-after": "5" }, TRY_AGAIN);
}

/**
 * Every request whose Host is under APPS_DOMAIN comes here, whatever its path: the
 * deployments area admits it (or not) once, and this only pipes. A cached admission comes
 * back at once, so the proxy's hot path has no promise in between.
 */
export function handleAppRequest(req: IncomingMessage, res: ServerResponse, clientAddress: string | null): void {
  const admission = admitToTool(admissionRequest(req, false), runtimeOrm);
  if (!(admission instanceof Promise)) return answer(req, res, admission, clientAddress);
  admission.then(
    (admitted) => answer(req, res, admitted, clientAddress),
    (error) => unavailable(res, error),
  );
}

/** The deployed tools' hosts, tried before any path; counted as `app-proxy`. */
export const appProxyRoute = rawRoute({ area: "app-proxy", host: isAppHost, serve: handleAppRequest });

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** WebSocket upgrades to a tool: same authentication and identity headers, then a raw pipe. */
export async function handleAppUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, clientAddress: string | null): Promise<void> {
  socket.on("error", () => socket.destroy());
  try {
    const admission = await admitToTool(admissionRequest(req, true), runtimeOrm);
    if (admission.kind === "no-such-tool") return rejectUpgrade(socket, 404, "Not Found");
    if (admission.kind === "bearer-refused" && admission.refusal?.status === 403) return rejectUpgrade(socket, 403, "Forbidden");
    if (admission.kind !== "enter") return rejectUpgrade(socket, 401, "Unauthorized");
    const { target, identity, assertion, dropAuthorization } = admission;
    const upstreamUrl = upstreamOf(target);
    const headers = upstreamHeaders(req, target, upstreamUrl, identity, assertion, clientAddress, true, dropAuthorization);
    const { options } = upgradeRequestOptions(target, req, headers);
    const proxyReq = (upstreamUrl.protocol === "https:" ? https : http).request({ ...options, createConnection: guardedCreateConnection(upstreamUrl) as never });
    proxyReq.on("upgrade", (proxyRes, proxySocket, proxyHead) => {
      const lines = [`HTTP/1.1 ${proxyRes.statusCode ?? 101} ${proxyRes.statusMessage ?? "Switching Protocols"}`];
      const answered = withToolCookiesScoped(proxyRes.rawHeaders);
      for (let i = 0; i < answered.length; i += 2) lines.push(`${answered[i]}: ${answered[i + 1]}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (proxyHead.length) socket.write(proxyHead);
      if (head.length) proxySocket.write(head);
      proxySocket.on("error", () => socket.destroy());
      socket.on("close", () => proxySocket.destroy());
      proxySocket.on("close", () => socket.destroy());
      proxySocket.pipe(socket).pipe(proxySocket);
    });
    proxyReq.on("response", (proxyRes) => {
      rejectUpgrade(socket, proxyRes.statusCode ?? 502, proxyRes.statusMessage ?? "Bad Gateway");
      proxyRes.resume();
    });
    proxyReq.on("error", () => rejectUpgrade(socket, 502, "Bad Gateway"));
    proxyReq.end();
  } catch {
    rejectUpgrade(socket, 503, "Service Unavailable");
  }
}
