import { initTRPC } from "@trpc/server";
import { ZodError } from "zod";
import type { Context } from "./context";
import { findAppError, unauthorized } from "./errors";

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
