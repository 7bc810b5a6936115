import { PROVIDER_PROXY } from "../../server/platform/error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { brokerBody, callBroker, ProxyError, cachedProxyTarget, loadProxyTarget, type ProxyTarget, isExpired, refreshCredential } from "../../server/connections";
import { getRuntime } from "../../server/start";
import { isIdentityHeader } from "../app-proxy";
import { HOP_BY_HOP } from "../app-proxy-upstream";
import { authenticateBearer } from "../bearer";
import { parseProxyPath } from "../provider-proxy";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

/**
 * The provider proxy for hosts that hand the REST edge a fetch Request (`remix-serve`):
 * the same rules as rest/provider-proxy.ts, which `npm start` uses on raw Node objects for
 * speed. Here the request body is read whole (up to 4 MiB) before it is sent.
 */

const BODY_LIMIT = 4 * 1024 * 1024;
const NEVER_FORWARDED = new Set(["host", "authorization", "cookie", "forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "content-length"]);

async function readBody(request: Request): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new ProxyError(PROVIDER_PROXY.PAYLOAD_TOO_LARGE, `request bodies up to ${BODY_LIMIT} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function forwardedHeaders(request: Request, accessToken: string): Headers {
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !NEVER_FORWARDED.has(lower) && !isIdentityHeader(lower)) headers.set(name, value);
  });
  headers.set("authorization", `Bearer ${accessToken}`);
  return headers;
}

/** ANY /api/proxy/* */
export async function providerProxy(ctx: RequestContext): Promise<Response> {
  try {
    const principal = await authenticateBearer((name) => ctx.header(name), ctx.clientAddress);
    const parsed = parseProxyPath(`${ctx.url.pathname}${ctx.url.search}`);
    if (parsed instanceof ProxyError) throw parsed;
    const { orm } = await getRuntime();
    let fork: EntityManager | undefined;
    const em = () => (fork ??= orm.em.fork() as EntityManager);
    const target: ProxyTarget =
      cachedProxyTarget(principal.tenantId, principal.appId, parsed.provider) ?? (await loadProxyTarget(em(), principal.tenantId, principal.appId, parsed.provider));
    const body = await readBody(ctx.request);
    const method = ctx.request.method.toUpperCase();
    if (target.kind === "broker") {
      const answer = await callBroker(target, { endpoint: `${parsed.path}${parsed.search}`, method, body: brokerBody(body, ctx.header("content-type") ?? undefined) });
      return new Response(answer.body, { status: answer.status, headers: { "content-type": answer.contentType, "cache-control": "no-store" } });
    }
    let token = target.credential.access_token;
    if (isExpired(target.credential)) token = (await refreshCredential(em, target, token)).access_token;
    const basePath = target.apiBase.pathname === "/" ? "" : target.apiBase.pathname;
    const url = `${target.apiBase.origin}${basePath}${parsed.path}${parsed.search}`;
    const send = (accessToken: string) =>
      fetch(url, { method, headers: forwardedHeaders(ctx.request, accessToken), body: method === "GET" || method === "HEAD" ? undefined : new Uint8Array(body), redirect: "manual" }).catch(
        (error) => {
          throw new ProxyError(PROVIDER_PROXY.UPSTREAM_UNREACHABLE, "the provider could not be reached", { cause: error });
        },
      );
    let upstream = await send(token);
    if (upstream.status === 401 && target.credential.refresh_token) {
      await upstream.body?.cancel();
      upstream = await send((await refreshCredential(em, target, token)).access_token);
    }
    const headers = new Headers(upstream.headers);
    for (const name of ["set-cookie", "content-encoding", "content-length", ...HOP_BY_HOP]) headers.delete(name);
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    if (error instanceof ProxyError) return json(error.body(), error.status, { "cache-control": "no-store" });
    throw error;
  }
}
