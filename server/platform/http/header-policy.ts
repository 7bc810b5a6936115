/**
 * The one header policy of both proxies: the provider proxy (a tool calling its provider,
 * server/connections/provider-proxy) and the app-proxy (a person calling a deployed tool,
 * rest/app-proxy.ts). Headers travel as flat `[name, value, name, value, ...]` lists, as Node
 * and undici give and take them, so filtering is one pass with no object built per request.
 *
 * Never forwarded, by either proxy:
 * - hop-by-hop headers (RFC 9110 7.6.1) and whatever a `Connection` header names;
 * - `Host`, `Forwarded`, every `X-Forwarded-*` (`-Port`, `-Prefix`, `-Ssl`, ...) and `X-Real-IP`,
 *   with `_` for `-` too (CGI-style servers read `X_Forwarded_Host` as `X-Forwarded-Host`):
 *   the proxy sets what the next hop should believe, the caller never does;
 * - `Expect`: answered by this server (Node sends the 100 Continue);
 * - `X-Svc-*` in any spelling: our identity headers, set only by the app-proxy itself.
 * Never forwarded to a provider, additionally: the caller's own credentials (`Authorization`,
 * `Cookie`): the provider gets the connection's token and nothing of the tool's.
 * Never returned from a provider: `Set-Cookie`, which would land on our origin.
 */

/** RFC 9110 hop-by-hop headers; plus whatever `Connection` names. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(["connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);

const SET_BY_THE_PROXY = ["host", "forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "expect"];

/** `X-Forwarded-Port`, `x_forwarded_host`, `X_Real_IP`: forwarding headers beyond the listed ones, in any spelling. */
export function isForwardingHeader(lower: string): boolean {
  // Almost no header starts with `x`: skip the folding for all the others.
  if (lower.charCodeAt(0) !== 120 || lower.length < 9) return false;
  const folded = lower.replace(/_/g, "-");
  return folded.startsWith("x-forwarded-") || folded === "x-real-ip";
}

/** What a deployed tool never receives from the person's request (the app-session cookie is cut from Cookie separately). */
export const NEVER_TO_A_TOOL: ReadonlySet<string> = new Set([...HOP_BY_HOP, ...SET_BY_THE_PROXY]);
/** What a provider never receives from the tool's request. */
export const NEVER_TO_A_PROVIDER: ReadonlySet<string> = new Set([...NEVER_TO_A_TOOL, "authorization", "cookie"]);
/** What the tool never receives from a provider's answer. */
export const NEVER_FROM_A_PROVIDER: ReadonlySet<string> = new Set(["set-cookie", "set-cookie2"]);

/** `X-SVC-User-Id`, `x_svc_role`: case and `_`/`-` folded before the prefix test. */
export function isIdentityHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.length < 6) return false;
  const first = lower.charCodeAt(0);
  // Almost no header starts with `x`: skip the folding for all the others.
  if (first !== 120) return false;
  return lower.replace(/_/g, "-").startsWith("x-svc-");
}

/** The header names a `Connection` header lists (they are hop-by-hop for this message); null when there is none. */
export function connectionNamed(raw: readonly string[]): Set<string> | null {
  let named: Set<string> | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 10 && name.toLowerCase() === "connection") {
      const value = raw[i + 1]!;
      // Nearly every message says just this: it names no header.
      if (value === "keep-alive" || value === "close" || value === "Keep-Alive" || value === "Close") continue;
      named ??= new Set<string>();
      for (const token of value.split(",")) {
        const trimmed = token.trim().toLowerCase();
        if (trimmed) named.add(trimmed);
      }
    }
  }
  return named;
}

export interface RequestHeaderRules {
  /** NEVER_TO_A_TOOL or NEVER_TO_A_PROVIDER. */
  dropped: ReadonlySet<string>;
  /** A WebSocket upgrade keeps its `Connection` and `Upgrade` headers. */
  upgrade?: boolean;
  /** Rewrites the Cookie header (null drops it); unset: the dropped set decides. */
  cookie?: (value: string) => string | null;
  /** Rewrites each Authorization header (null drops it), when the dropped set keeps it. */
  authorization?: (value: string) => string | null;
  /** Also dropped (a body's length the proxy sets itself). */
  contentLength?: boolean;
}

/** The inbound headers the next hop may see, appended to `out` (which the proxy then completes with its own). */
export function forwardedRequestHeaders(raw: readonly string[], rules: RequestHeaderRules, out: string[] = []): string[] {
  const named = connectionNamed(raw);
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    if (rules.upgrade && (lower === "connection" || lower === "upgrade")) {
      out.push(name, raw[i + 1]!);
      continue;
    }
    if (rules.dropped.has(lower) || (named !== null && named.has(lower)) || isIdentityHeader(lower) || isForwardingHeader(lower)) continue;
    if (rules.contentLength && lower === "content-length") continue;
    if (rules.cookie && lower === "cookie") {
      const kept = rules.cookie(raw[i + 1]!);
      if (kept) out.push(name, kept);
      continue;
    }
    if (rules.authorization && lower === "authorization") {
      const kept = rules.authorization(raw[i + 1]!);
      if (kept !== null) out.push(name, kept);
      continue;
    }
    out.push(name, raw[i + 1]!);
  }
  return out;
}

/** An upstream's response headers for the client: hop-by-hop ones and `alsoDropped` removed. */
export function returnedResponseHeaders(raw: readonly string[], alsoDropped?: ReadonlySet<string>): string[] {
  const named = connectionNamed(raw);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || (alsoDropped !== undefined && alsoDropped.has(lower)) || (named !== null && named.has(lower))) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/**
 * The same for undici's raw response headers (Buffers), converting only what is kept: a
 * response's headers are read once, on the proxy's hot path.
 */
export function returnedRawResponseHeaders(raw: readonly Buffer[], alsoDropped?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let connection: string[] | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString("latin1");
    const lower = name.toLowerCase();
    if (lower === "connection") (connection ??= []).push(name, raw[i + 1]!.toString("latin1"));
    if (HOP_BY_HOP.has(lower) || (alsoDropped !== undefined && alsoDropped.has(lower))) continue;
    out.push(name, raw[i + 1]!.toString("latin1"));
  }
  const named = connection === null ? null : connectionNamed(connection);
  if (named === null) return out;
  const kept: string[] = [];
  for (let i = 0; i < out.length; i += 2) if (!named.has(out[i]!.toLowerCase())) kept.push(out[i]!, out[i + 1]!);
  return kept;
}
