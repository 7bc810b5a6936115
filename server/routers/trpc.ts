import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import type { Context } from "./context";
import { isDatabaseUnavailable } from "../platform/db/availability";
import { findAppError, forbidden, invalidBearer, serviceUnavailable, unauthorized } from "../platform/errors";
import { isAdmin } from "../identity";

/** What a procedure declares about itself besides its input and its answer. */
export interface ProcedureMeta {
  /**
   * Browser code may call it through `/api/trpc` (the dashboard's typed client). Sign-in and
   * the identity provider's own procedures hand out tokens, which must only ever travel in the
   * HttpOnly cookie, so they never carry it.
   */
  browser?: boolean;
}

/** `.meta(BROWSER)` on a procedure lets the dashboard's browser client call it. */
export const BROWSER: ProcedureMeta = { browser: true };

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    const appError = findAppError(error);
    const zodError = error.cause instanceof ZodError ? error.cause : undefined;
    return {
      ...shape,
      message: appError?.message ?? zodError?.issues[0]?.message ?? shape.message,
      data: { ...shape.data, appCode: appError?.code ?? null, body: appError?.body ?? null, stack: undefined },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const trpcCodeForStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * Gives a domain error its HTTP meaning on the tRPC wire too (otherwise every thrown
 * AppError travels as a 500). The AppError stays the cause, so the REST edge still finds it.
 * A v11 middleware never sees `next()` throw: it inspects `result.ok`.
 */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    // An unreachable database is never the caller's fault nor a 500: one 503 everywhere.
    if (!findAppError(result.error) && isDatabaseUnavailable(result.error)) {
      const unavailable = serviceUnavailable(result.error);
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailable.message, cause: unavailable });
    }
    const appError = findAppError(result.error);
    const code = appError && trpcCodeForStatus[appError.status];
    if (appError && code && result.error.code !== code) throw new TRPCError({ code, message: appError.message, cause: appError });
  }
  return result;
});

/** Procedures that need a signed-in user; `ctx.session` is non-null inside them. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw unauthorized();
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** Procedures for service administrators (ADMIN_EMAILS, or the first account). */
export const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await isAdmin(ctx.em, ctx.session))) throw forbidden();
  return next();
});

/** Procedures called with an `svc_sk_` key; `ctx.appKey` is non-null inside them. */
export const appKeyProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.appKey) throw invalidBearer();
  return next({ ctx: { ...ctx, appKey: ctx.appKey } });
});
