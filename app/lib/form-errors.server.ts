import { ZodError } from "zod";
import { json, redirect } from "@remix-run/node";
import { findAppError, findCause } from "../../server/platform/errors";
import type { FormResult } from "./view-types";

export interface CallFailure {
  message: string;
  status: number;
  /** The domain's closed code (AppError) or undefined for a validation error. */
  code?: string;
  /** The input field a validation error is about (the zod issue's path). */
  path?: string;
  /** A refused manifest's problems (AppError body `problems`), each with its line. */
  problems?: { line?: number; column?: number; message: string }[];
}

interface IssueLike {
  message: string;
  path: PropertyKey[];
}

/** A zod error somewhere in the cause chain (tRPC wraps input errors in TRPCError). */
function findIssue(error: unknown): IssueLike | undefined {
  return findCause(error, ZodError)?.issues[0] as IssueLike | undefined;
}

/**
 * Turns a caller's thrown error into the spec's message and status. An expired session
 * goes back to sign-in; anything unknown is rethrown so it stays a 500.
 */
export function describeFailure(error: unknown, request: Request): CallFailure {
  const appError = findAppError(error);
  if (appError) {
    if (appError.status === 401) {
      const url = new URL(request.url);
      throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
    }
    const problems = Array.isArray(appError.body.problems) ? (appError.body.problems as { line?: number; column?: number; message: string }[]) : undefined;
    return { message: appError.message, status: appError.status, code: String(appError.body.code ?? appError.code), ...(problems ? { problems } : {}) };
  }
  const issue = findIssue(error);
  if (issue) return { message: issue.message, status: 400, path: typeof issue.path[0] === "string" ? issue.path[0] : undefined };
  throw error;
}

/** Messages that concern the workspace URL, whichever form they came from. */
export function isSlugFailure(failure: CallFailure): boolean {
  return failure.path === "slug" || failure.code === "SLUG_RESERVED" || /workspace URL/i.test(failure.message);
}

/**
 * The action's JSON answer for a failed call: the message beside `field` when one is
 * named, otherwise as a form-level error.
 */
export function failedForm(
  intent: string,
  failure: CallFailure,
  field: string | undefined,
  extra: { values?: Record<string, string>; headers?: Headers } = {},
) {
  const result: FormResult = field
    ? { intent, ok: false, fieldErrors: { [field]: failure.message }, values: extra.values }
    : { intent, ok: false, formError: failure.message, values: extra.values };
  return json(result, { status: failure.status, headers: extra.headers });
}
