import type { IncomingMessage, ServerResponse } from "node:http";

/** Answers on Node's own request and response: streams both ways, or hands them to a library. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse, clientAddress: string | null) => void;

/**
 * A declaration of the raw kind (docs/decisions/068): the app-proxy, the provider proxy, the
 * public CORS answers and the authorization server. They sit in the route table beside the
 * Request declarations (rest/route-table.ts), are matched by rest/route-match.ts and served by
 * the Node entry before any Request exists. A request matches when every test given holds:
 * `host` first (the tools' hosts, whatever the path), then `prefix`, then `when`.
 */
export interface RawRoute {
  /** What the metrics call its requests (never the URL); none: not counted, as before. */
  area?: string;
  /** Matched by the Host header: these declarations are tried before any other. */
  host?: (host: string | undefined) => boolean;
  /** Every path under this prefix, any method. */
  prefix?: string;
  /** A test on the whole request (a preflight from another origin, say). */
  when?: (req: IncomingMessage) => boolean;
  /** Answers the request; without it the declaration only adds `headers` to whoever answers. */
  serve?: RawHandler;
  /** Answer headers added to whatever answers next (public CORS on a real request). */
  headers?: Readonly<Record<string, string>>;
}

/** Declares a raw route: the identity, for the type check and for reading. */
export const rawRoute = (declaration: RawRoute): RawRoute => declaration;
