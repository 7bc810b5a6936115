import { initTRPC } from "@trpc/server";
import { ZodError } from "zod";
import type { Context } from "./context";
import { findAppError, forbidden, invalidBearer, unauthorized } from "./errors";
import { isAdmin } from "./identity/admins";

const t = initTRPC.context<Context>().create({
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
export const publicProcedure = t.procedure;

/** Procedures that need a signed-in user; `ctx.session` is non-null inside them. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session) throw unauthorized();
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** Procedures for service administrators (ADMIN_EMAILS, or the first account). */
export const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await isAdmin(ctx.em, ctx.session))) throw forbidden();
  return next();
});

/** Procedures called with an `svc_sk_` key; `ctx.appKey` is non-null inside them. */
export const appKeyProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.appKey) throw invalidBearer();
  return next({ ctx: { ...ctx, appKey: ctx.appKey } });
});
