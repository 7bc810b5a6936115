import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { EntityManager } from "@mikro-orm/postgresql";
import { proxyProviderCall, type ProviderCall, type ProviderReply } from "../../server/connections";
import { getRuntime } from "../../server/start";
import { authenticateBearer } from "../bearer";
import type { RequestContext } from "../request-context";

/**
 * The provider proxy for hosts that hand the REST edge a fetch Request (`remix-serve`): the
 * same core as rest/provider-proxy.ts, which `npm start` uses on raw Node objects. This
 * adapter only translates the fetch objects; the body streams both ways here too.
 */

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

function providerCall(ctx: RequestContext): ProviderCall {
  const raw: string[] = [];
  ctx.request.headers.forEach((value, name) => raw.push(name, value));
  const body = ctx.request.body ? Readable.fromWeb(ctx.request.body as unknown as NodeReadableStream<Uint8Array>) : null;
  return { method: ctx.request.method, url: `${ctx.url.pathname}${ctx.url.search}`, rawHeaders: raw, body };
}

/** ANY /api/proxy/* */
export async function providerProxy(ctx: RequestContext): Promise<Response> {
  const principal = await authenticateBearer((name) => ctx.header(name), ctx.clientAddress);
  const { orm } = await getRuntime();
  let fork: EntityManager | undefined;
  const reply = new FetchReply();
  proxyProviderCall(principal, providerCall(ctx), reply, () => (fork ??= orm.em.fork() as EntityManager));
  return reply.response;
}
