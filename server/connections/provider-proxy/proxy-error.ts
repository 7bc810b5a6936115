import type { ErrorCodeEntry } from "../../platform/error-codes";
import { PROVIDER_PROXY } from "../error-codes";

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
    options?: { cause?: unknown; fields?: Record<string, string> },
  ) {
    super(detail ? `${failure.code}: ${detail}` : failure.code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ProxyError";
    this.status = failure.status;
    this.code = failure.code;
    this.fields = options?.fields ?? {};
  }

  /** Fields of the answer beside `error` (`connection_id` of a 409). */
  readonly fields: Record<string, string>;

  body(): Record<string, string> {
    return this.detail ? { error: this.code, ...this.fields, detail: this.detail } : { error: this.code, ...this.fields };
  }
}

/** SPEC (issue 19): `409 { error: "connection_needs_reauth", connection_id }`, the provider never called. */
export const connectionNeedsReauth = (connectionId: string) => new ProxyError(PROVIDER_PROXY.CONNECTION_NEEDS_REAUTH, undefined, { fields: { connection_id: connectionId } });

export const connectionNotFound = () => new ProxyError(PROVIDER_PROXY.CONNECTION_NOT_FOUND);
