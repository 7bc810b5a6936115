import { requireAppKey } from "./bearer";
import { readJsonObject } from "./body";
import { decodePathSegment } from "./path-segment";
import type { Caller, RequestContext } from "./request-context";
import { json, noContent } from "./responses";
import type { RouteHandler } from "./route-types";
import { sessionOrKey } from "./session-or-key";
import { requireSession } from "./routes/session";

/**
 * A declaration's binding (ADR 067): which procedure answers, how the path, the query and
 * the JSON body become its input, and how its output becomes the answer. Most operations
 * are only that; `call` makes the handler, so a declaration names its procedure instead of
 * a handler file that repeats the same steps.
 */

/** Who may call, checked before the body is read: the session cookie, an `svc_sk_` key, or either (a bearer means a key). */
export type Auth = "session" | "appKey" | "sessionOrKey";

const AUTH: Record<Auth, (ctx: RequestContext) => Promise<unknown>> = {
  session: requireSession,
  appKey: requireAppKey,
  sessionOrKey,
};

const NO_STORE = { "cache-control": "no-store" };

interface Answer<O> {
  auth?: Auth;
  /** A refusal judged from the path alone, right after auth and before the body is read (a malformed id's 404). */
  guard?: (ctx: RequestContext) => void;
  /** The success status (default 200), or chosen from the output. */
  status?: number | ((output: O) => number);
  /** `Cache-Control: no-store` on the success answer. */
  noStore?: boolean;
  /** The JSON body made of the output (default: the output itself). May throw an AppError (a 404). */
  answer?: (output: O, ctx: RequestContext) => unknown;
  /** 204 with no body: the output is dropped. */
  empty?: boolean;
}

/** From the path and the query: the whole input, checked against the procedure's input type. */
type WithoutBody<I> = { body?: false; client?: undefined } & (undefined extends I ? { input?: (ctx: RequestContext) => I } : { input: (ctx: RequestContext) => I });

type ClientFields = (ctx: RequestContext) => Record<string, string | null>;

/**
 * Client input (a JSON object body read with `readJsonObject`: 400 when malformed, 413 when
 * too large; query parameters as sent, null when absent), with the path's fields laid over
 * it. The client's part is judged by the procedure's own zod input, exactly as a tRPC
 * client's input is judged; `input` gives the typed rest.
 */
type FromClient<I> = { input?: (ctx: RequestContext) => Partial<Exclude<I, void | undefined>> } & (
  | { body: true; client?: ClientFields }
  | { body?: false; client: ClientFields }
);

/** A body read by the operation's own reader (GoTrue's error shapes), handed whole to `input`: typed like the rest. */
type ReadBody<I> = {
  body: (ctx: RequestContext) => Promise<Record<string, unknown>>;
  client?: undefined;
  input: (ctx: RequestContext, body: Record<string, unknown>) => I;
};

export type Binding<I, O> = Answer<O> & (WithoutBody<I> | FromClient<I> | ReadBody<I>);

/**
 * The handler of an operation that binds a request to a procedure: auth pre-step, guard, body,
 * caller, input, call, answer (the order the handlers followed, so every refusal stays the same).
 * Without client fields, `input` already returned the whole typed input (WithoutBody, ReadBody).
 */
export function call<I, O>(procedure: (caller: Caller) => (input: I) => Promise<O>, binding: Binding<NoInfer<I>, NoInfer<O>>): RouteHandler {
  const status = binding.status ?? 200;
  const headers = binding.noStore ? NO_STORE : {};
  return async (ctx) => {
    if (binding.auth) await AUTH[binding.auth](ctx);
    binding.guard?.(ctx);
    const body = binding.body === true ? await readJsonObject(ctx.request) : binding.body ? await binding.body(ctx) : undefined;
    const run = procedure(await ctx.caller());
    const client = binding.client?.(ctx);
    const fields = binding.input?.(ctx, body ?? {});
    const output = await run(binding.body === true || client ? clientInput<I>({ ...body, ...client, ...fields }) : (fields as I));
    if (binding.empty) return noContent();
    const answer = binding.answer ? binding.answer(output, ctx) : output;
    return json(answer, typeof status === "number" ? status : status(output), headers);
  };
}

/**
 * The client's fields (a JSON body, query parameters) as a procedure's input: the one place
 * the edge's untyped input meets the procedure's input type. The procedure's own zod input
 * parses it, exactly as a tRPC client's input is parsed; nothing here vouches for it.
 */
export function clientInput<I>(fields: Record<string, unknown>): I {
  return fields as I;
}

/** A path `{param}` as the name it stands for (malformed percent-encoding kept as written). */
export function pathParam(ctx: RequestContext, name: string): string {
  return decodePathSegment(ctx.params[name] ?? "");
}
