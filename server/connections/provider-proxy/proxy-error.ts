/**
 * A refusal of the provider proxy, answered as `{ error, detail? }` like the other
 * connection endpoints (SPEC 7: OAuth endpoints speak `{ error: <code> }`). Bearer
 * refusals stay AppErrors and answer `{ message }` as SPEC 5 says.
 */
export class ProxyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ? `${code}: ${detail}` : code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ProxyError";
  }

  body(): Record<string, string> {
    return this.detail ? { error: this.code, detail: this.detail } : { error: this.code };
  }
}

export const connectionNotFound = () => new ProxyError(404, "connection_not_found");
