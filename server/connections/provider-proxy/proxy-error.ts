import { PROVIDER_PROXY, type ErrorCodeEntry } from "../../platform/error-codes";

/**
 * A refusal of the provider proxy, answered as `{ error, detail? }` like the other
 * connection endpoints (SPEC 7: OAuth endpoints speak `{ error: <code> }`). Bearer
 * refusals stay AppErrors and answer `{ message }` as SPEC 5 says.
 */
export class ProxyError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(
    failure: ErrorCodeEntry,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ? `${failure.code}: ${detail}` : failure.code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ProxyError";
    this.status = failure.status;
    this.code = failure.code;
  }

  body(): Record<string, string> {
    return this.detail ? { error: this.code, detail: this.detail } : { error: this.code };
  }
}

export const connectionNotFound = () => new ProxyError(PROVIDER_PROXY.CONNECTION_NOT_FOUND);
