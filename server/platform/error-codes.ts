/**
 * What an error code is, and the codes every area shares. Each area owns its own codes in
 * `server/<area>/error-codes.ts`, built with `errorEntry` and `appErrorCode` below; the one
 * closed catalog is assembled from the areas' lists in server/start/error-catalog.ts, which
 * the API reference lists (rest/openapi/markdown.ts, the document's `x-error-codes`).
 * Call sites name the entry; nothing else decides a code's status. See docs/decisions/032, 071.
 */

/**
 * The shapes a code travels in:
 *  - `message`: `{ message, code?, error?, detail? }`, the service's JSON errors (SPEC 7);
 *  - `error`: `{ error, detail? }`, the OAuth starts and the provider proxy (SPEC 4.1); the
 *    authorization server and a tool's resource answers speak RFC 6749's `{ error, error_description }`;
 *  - `popup`: the OAuth popup page's posted `{ type: 'svc:oauth:error', code, detail, state }`;
 *  - `identity`: GoTrue's `{ code, error_code, msg }` under `/auth/v1/`;
 *  - `oauth`: RFC 6749/6750's `{ error, error_description }` (an OAuth protected resource's refusals);
 *  - `availability`: the slug check's `{ available: false, code, error? }`;
 *  - `fragment`: GoTrue's redirect to `redirect_to` with `#error=…&error_code=…&error_description=…`.
 */
export type ErrorBodyShape = "message" | "error" | "popup" | "identity" | "oauth" | "availability" | "fragment";

export interface ErrorCodeEntry<Code extends string = string> {
  /** What the body carries (`error`, `code` or `error_code`). */
  readonly code: Code;
  readonly status: number;
  readonly shape: ErrorBodyShape;
  /** When it is answered, for the reference. */
  readonly when: string;
}

/** One named entry of an area's list: the code the body carries, its status, its shape, and when. */
export const errorEntry = <Code extends string>(code: Code, status: number, shape: ErrorBodyShape, when: string): ErrorCodeEntry<Code> => ({ code, status, shape, when });

/** An area's entries for the reference, under the heading (group) they are listed in. */
export interface ErrorCodeGroup {
  readonly group: string;
  readonly entries: Readonly<Record<string, ErrorCodeEntry>>;
}

/**
 * A code an area's `AppError` carries beyond the shared table below, with its status. The
 * code names the failure in the log (and, lowercased, GoTrue's `error_code` under `/auth/v1/`).
 */
export interface AppErrorCode<Code extends string = string> {
  readonly code: Code;
  readonly status: number;
}

export const appErrorCode = <Code extends string>(code: Code, status: number): AppErrorCode<Code> => ({ code, status });

/** The reference's group of the service's own `{ message, code? }` errors, which several areas add to. */
export const SERVICE_ERRORS = "Service errors";

/** Everything an area contributes to the catalog (its face exports one of these). */
export interface AreaErrorCodes {
  readonly area: string;
  /** The codes on the wire, listed in the reference. */
  readonly groups: readonly ErrorCodeGroup[];
  /** Its own AppError codes (server/platform/errors.ts). */
  readonly thrown?: Readonly<Record<string, AppErrorCode>>;
}

/**
 * The shared AppError table (server/platform/errors.ts): the generic codes every area throws,
 * and the status the REST edge answers each with. On the wire it is `{ message }` (plus the
 * error's own body fields); under `/auth/v1/` the lowercased code is GoTrue's `error_code`.
 * An area's own AppError codes are `appErrorCode`s in its error-codes.ts.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  // The platform's secret box (server/platform/crypto) throws it; connections map it too.
  ENCRYPTION_KEY_UNAVAILABLE: 500,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** The platform's own entry in the catalog: the shared table above, listed for the closed-set test. */
export const PLATFORM_ERROR_CODES: AreaErrorCodes = {
  area: "platform",
  groups: [],
  thrown: Object.fromEntries(Object.entries(errorStatus).map(([code, status]) => [code, appErrorCode(code, status)])),
};

