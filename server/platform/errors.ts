/**
 * Domain code throws `AppError` with a code of the shared table in ./error-codes.ts or an
 * area's own `appErrorCode` entry (each code and its status in the one closed catalog,
 * unkey's habit); the REST edge turns it into the spec's body and nothing else ever decides
 * a status.
 */
import { errorStatus, type AppErrorCode } from "./error-codes";

export { errorStatus };

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(
    code: ErrorCode | AppErrorCode,
    message: string,
    /** Extra fields for the response body, e.g. `{ code: 'SLUG_RESERVED' }`. */
    readonly body: Record<string, unknown> = {},
    /** Extra response headers, e.g. `Retry-After`. */
    readonly headers: Record<string, string> = {},
    /** `cause`: what went wrong underneath, for the log only (never the response body). */
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = typeof code === "string" ? code : code.code;
    this.status = typeof code === "string" ? errorStatus[code] : code.status;
  }
}

export const unauthorized = () => new AppError("UNAUTHORIZED", "Unauthorized");
export const noWorkspace = () => new AppError("NOT_FOUND", "No workspace");
export const forbidden = (message = "Forbidden") => new AppError("FORBIDDEN", message);
export const invalidBearer = () => new AppError("UNAUTHORIZED", "Missing or invalid Bearer token");
/** The database (or another part we depend on) could not be reached: try again shortly. */
export const RETRY_AFTER_SECONDS = 5;
/** `cause`, when known, goes to the log line of the 503 (never to the body). */
export const serviceUnavailable = (cause?: unknown) =>
  new AppError("SERVICE_UNAVAILABLE", "Service unavailable", {}, { "Retry-After": String(RETRY_AFTER_SECONDS) }, { cause });

/** The first error of `type` in a chain of causes (tRPC puts the thrown error in `cause`). */
export function findCause<T>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Finds the AppError behind a tRPC wrapper. */
export function findAppError(error: unknown): AppError | undefined {
  return findCause(error, AppError);
}
