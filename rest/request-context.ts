import { randomUUID } from "node:crypto";
import { createContextInner } from "../server/context";
import { readCookie, SESSION_COOKIE } from "../server/identity/session-cookie";
import { resolveSession, type ResolvedSession } from "../server/identity/sessions";
import { createCaller } from "../server/router";
import { getRuntime } from "../server/runtime/runtime";

export type Caller = ReturnType<typeof createCaller>;

/**
 * What a route handler gets: the request, a lazily resolved session, and a tRPC caller
 * bound to it. Cookies to send back (a refreshed session) collect in `setCookies`.
 */
export class RequestContext {
  readonly requestId = randomUUID();
  readonly setCookies: string[] = [];
  private session: Promise<ResolvedSession | null> | undefined;
  private callerPromise: Promise<Caller> | undefined;

  constructor(
    readonly request: Request,
    readonly url: URL,
    readonly params: Record<string, string>,
  ) {}

  get sessionCookie(): string | undefined {
    return readCookie(this.request.headers.get("cookie"), SESSION_COOKIE);
  }

  async resolveSession(): Promise<ResolvedSession | null> {
    this.session ??= (async () => {
      const { orm } = await getRuntime();
      let em: ReturnType<typeof orm.em.fork> | undefined;
      const resolved = await resolveSession(this.sessionCookie, () => (em ??= orm.em.fork()));
      if (resolved?.setCookie) this.setCookies.push(resolved.setCookie);
      return resolved;
    })();
    return this.session;
  }

  caller(): Promise<Caller> {
    this.callerPromise ??= (async () => {
      const [{ orm }, resolved] = await Promise.all([getRuntime(), this.resolveSession()]);
      return createCaller(createContextInner({ orm, session: resolved?.user ?? null, requestId: this.requestId }));
    })();
    return this.callerPromise;
  }
}
