import { apiBaseOf, readConfig, type SvcConfig } from "./config.js";
import { CliError, NOT_LOGGED_IN } from "./errors.js";
import type { paths } from "./api-types.js";

/**
 * The CLI's only way to the service: `fetch` against the configured `apiBase` with the
 * stored `svc_sk_` key (SPEC 4.6: the key comes from the config file, never the
 * environment). Every failure becomes one `CliError` line: an unreachable server names the
 * address tried, 401 says to log in again, anything else quotes the service's message.
 */

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The JSON body of a 200 answer at `P`, as the service's OpenAPI document declares it
 * (api-types.ts is generated from that document, so the CLI's types never drift from it).
 */
export type OkJson<P extends keyof paths, M extends "get" | "post" = "get"> = paths[P][M] extends {
  responses: { 200: { content: { "application/json": infer Body } } };
}
  ? Body
  : never;

export interface ApiClient {
  apiBase: string;
  config: SvcConfig;
  /** The parsed JSON body of a 2xx answer (undefined for 204). */
  json<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
  /** The text body of a 2xx answer. */
  text(path: string): Promise<string>;
  /** The raw answer of any status; network failures still throw. For callers that handle statuses themselves. */
  raw(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

/** A client for the logged-in user; without a key it fails with the log-in line. */
export function loggedInClient(config: SvcConfig = readConfig()): ApiClient {
  if (!config.apiKey) throw new CliError(NOT_LOGGED_IN);
  return createClient(config);
}

export function createClient(config: SvcConfig): ApiClient {
  const apiBase = apiBaseOf(config);

  async function raw(path: string, init: { method?: string; body?: unknown; accept?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: init.accept ?? "application/json", "user-agent": "svc-cli" };
    if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    try {
      return await fetch(`${apiBase}${path}`, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (cause) {
      throw unreachable(apiBase, cause);
    }
  }

  async function ok(path: string, init: { method?: string; body?: unknown; accept?: string } = {}): Promise<Response> {
    const response = await raw(path, init);
    if (response.ok) return response;
    throw await failure(apiBase, response);
  }

  return {
    apiBase,
    config,
    raw,
    async json<T>(path: string, init?: { method?: string; body?: unknown }) {
      const response = await ok(path, init);
      if (response.status === 204) return undefined as T;
      try {
        return (await response.json()) as T;
      } catch {
        throw new CliError(`${apiBase} sent an answer svc could not read (not JSON). Is apiBase the svc service?`);
      }
    },
    async text(path: string) {
      const response = await ok(path, { accept: "text/plain" });
      // Another site at apiBase (a login page, a proxy's HTML) must not end up in a file.
      if (!(response.headers.get("content-type") ?? "").toLowerCase().startsWith("text/plain")) {
        throw new CliError(`${apiBase} sent an answer svc could not read (not text). Is apiBase the svc service?`);
      }
      return response.text();
    },
  };
}

/** One clear line for a server that cannot be reached, naming the address tried. */
export function unreachable(apiBase: string, cause: unknown): CliError {
  const error = cause as Error & { cause?: { code?: string; message?: string } };
  if (error?.name === "TimeoutError") return new CliError(`Could not reach ${apiBase}: no answer within ${REQUEST_TIMEOUT_MS / 1000} seconds`);
  const code = error?.cause?.code;
  const why = code === "ECONNREFUSED" ? "connection refused" : code === "ENOTFOUND" ? "host not found" : (code ?? error?.cause?.message ?? error?.message ?? "network error");
  return new CliError(`Could not reach ${apiBase} (${why}). Is the service running, and is apiBase right?`);
}

/** The error for a non-2xx answer. */
export async function failure(apiBase: string, response: Response): Promise<CliError> {
  if (response.status === 401) return new CliError(NOT_LOGGED_IN);
  const body = (await response.json().catch(() => null)) as { message?: unknown; error?: unknown } | null;
  const message = typeof body?.message === "string" ? body.message : typeof body?.error === "string" ? body.error : response.statusText;
  if (response.status >= 300 && response.status < 400) {
    return new CliError(`${apiBase} answered with a redirect (HTTP ${response.status}); check apiBase`);
  }
  return new CliError(`${apiBase} answered HTTP ${response.status}: ${message}`);
}
