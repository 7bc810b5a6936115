import { randomUUID } from "node:crypto";
import { createContextInner, createCaller } from "../server/routers";
import { readCookie, readSessionCookie, resolveSessionFrom, type ResolvedSession } from "../server/identity";
import { preferredTenantFrom, TENANT_COOKIE } from "../server/members";
import type { AppKeyPrincipal } from "../server/keys";
import type { HeaderReader } from "./plain-answer";
import { getRuntime } from "../server/start";
import { currentRequestId } from "../server/platform/request-scope";

export type Caller = ReturnType<typeof createCaller>;



/**
 * What a route handler gets: the request, a lazily resolved session, and a tRPC caller
 * bound to it. Cookies to send back (a refreshed session) collect in `setCookies`.
 */
export class RequestContext {
  readonly setCookies: string[] = [];
  private id: string | undefined;
  private session: Promise<ResolvedSession | null> | undefined;
  private appKey: AppKeyPrincipal | null = null;
  private callerPromise: Promise<Caller> | undefined;

  constructor(
    readonly request: Request,
    readonly url: URL,
    readonly params: Record<string, string>,
    private readonly rawHeaders?: HeaderReader,
    /** The socket's remote address (normalised); null under hosts that do not pass one. */
    readonly clientAddress: string | null = null,
  ) {}

  /**
   * One request header; through the adapter's raw headers when it offers them. The lean
   * adapter builds a full `Headers` object only when `request.headers` is touched, and
   * validating a long session cookie there costs more than the whole session check.
   */
  header(name: string): string | null {
    return this.rawHeaders ? (this.rawHeaders(name) ?? null) : this.request.headers.get(name);
  }

  get requestId(): string {
    this.id ??= currentRequestId() ?? randomUUID();
    return this.id;
  }

  get preferredTenantId(): string | null {
    return preferredTenantFrom(readCookie(this.header("cookie"), TENANT_COOKIE));
  }

  get sessionCookie(): string | undefined {
    return readSessionCookie(this.header("cookie"));
  }

  /** The signed-in session; a session still owing its second factor is none (ADR 049). */
  async resolveSession(): Promise<ResolvedSession | null> {
    const resolved = await this.resolveAnySession();
    return resolved?.user.secondFactor === "pending" ? null : resolved;
  }

  /** The session as the cookie has it, `pending` included: for the second sign-in page only. */
  async resolveAnySession(): Promise<ResolvedSession | null> {
    this.session ??= (async () => {
      const { orm } = await getRuntime();
      const resolved = await resolveSessionFrom(orm, this.sessionCookie, { allowPending: true });
      if (resolved?.setCookie) this.setCookies.push(resolved.setCookie);
      return resolved;
    })();
    return this.session;
  }

  /** Key-authenticated routes: the caller then carries the key, not a session. */
  useAppKey(principal: AppKeyPrincipal): void {
    this.appKey = principal;
  }

  caller(): Promise<Caller> {
    this.callerPromise ??= (async () => {
      const [{ orm }, resolved] = await Promise.all([getRuntime(), this.appKey ? null : this.resolveSession()]);
      return createCaller(
        createContextInner({
          orm,
          session: resolved?.user ?? null,
          appKey: this.appKey,
          requestId: this.requestId,
          clientAddress: this.clientAddress,
          preferredTenantId: this.preferredTenantId,
        }),
      );
    })();
    return this.callerPromise;
  }
}
