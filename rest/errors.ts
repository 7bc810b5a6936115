import { IDENTITY } from "../server/identity";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "../server/platform/db/availability";
import { isInvalidDatabaseInput } from "../server/platform/db/invalid-input";
import { type AppError, findAppError, findCause, serviceUnavailable } from "../server/platform/errors";
import { IdentityError, InvalidIdentityTokenError } from "../server/identity";
import { log } from "../server/platform/log";
import { json } from "./responses";

/**
 * The one mapping from a thrown error to the spec's `{ message, code? }` body. Anything
 * unexpected is a 500 with no detail, logged with the request id.
 */
export function errorResponse(error: unknown, requestId: string): Response {
  const appError = findAppError(error) ?? (isDatabaseUnavailable(error) ? serviceUnavailable(error) : undefined);
  if (appError) {
    if (appError.status >= 500) logServerFault(appError, requestId);
    return json({ message: appError.message, ...appError.body }, appError.status, appError.headers);
  }
  const zodError = findCause(error, ZodError);
  if (zodError) return json({ message: zodError.issues[0]?.message ?? "Invalid request" }, 400);
  if (findCause(error, InvalidIdentityTokenError)) return json({ message: "Invalid identity token" }, 401);
  const identityError = findCause(error, IdentityError);
  if (identityError) {
    const status = identityError.status === 429 || identityError.status === 503 ? identityError.status : identityError.status >= 500 ? 502 : 400;
    return json({ message: identityError.message }, status, identityError.headers);
  }
  if (error instanceof TRPCError && error.code === "BAD_REQUEST") return json({ message: "Invalid request" }, 400);
  if (isInvalidDatabaseInput(error)) {
    log.warn("input refused by PostgreSQL, not by validation", { requestId, error });
    return json({ message: "Invalid request" }, 400);
  }
  log.error("unhandled error", { requestId, error });
  return json({ message: "Internal server error" }, 500);
}

/**
 * A fault of ours (or of a part we depend on) that the client sees as a bare 5xx: the log
 * line carries the request id and the cause the response body must not show.
 */
function logServerFault(appError: AppError, requestId: string): void {
  const cause = (appError as { cause?: unknown }).cause;
  const described = cause instanceof Error ? { name: cause.name, message: cause.message, stack: cause.stack } : cause;
  const line = { requestId, code: appError.code, ...(cause === undefined ? {} : { cause: described }) };
  if (appError.status === 503) log.warn(appError.message, line);
  else log.error(appError.message, line);
}

/** The built-in provider answers in GoTrue's shape `{ code, error_code, msg }`. */
export function identityErrorResponse(error: unknown, requestId: string): Response {
  const identityError = findCause(error, IdentityError);
  if (identityError) return json(identityError.toBody(), identityError.status, identityError.headers);
  const appError = findAppError(error) ?? (isDatabaseUnavailable(error) ? serviceUnavailable(error) : undefined);
  if (appError) {
    if (appError.status >= 500) logServerFault(appError, requestId);
    return json({ code: appError.status, error_code: appError.code.toLowerCase(), msg: appError.message }, appError.status, appError.headers);
  }
  const zodError = findCause(error, ZodError);
  if (zodError) return json({ code: IDENTITY.VALIDATION_FAILED.status, error_code: IDENTITY.VALIDATION_FAILED.code, msg: zodError.issues[0]?.message ?? "Invalid request" }, IDENTITY.VALIDATION_FAILED.status);
  if (isInvalidDatabaseInput(error)) {
    log.warn("input refused by PostgreSQL, not by validation", { requestId, error });
    return json({ code: IDENTITY.VALIDATION_FAILED.status, error_code: IDENTITY.VALIDATION_FAILED.code, msg: "Invalid request" }, IDENTITY.VALIDATION_FAILED.status);
  }
  log.error("unhandled identity error", { requestId, error });
  return json({ code: IDENTITY.UNEXPECTED_FAILURE.status, error_code: IDENTITY.UNEXPECTED_FAILURE.code, msg: "Internal server error" }, IDENTITY.UNEXPECTED_FAILURE.status);
}
