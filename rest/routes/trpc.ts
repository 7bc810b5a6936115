import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { browserProcedureNames, createContextInner, appRouter } from "../../server/routers";
import { getRuntime } from "../../server/start";
import type { RequestContext } from "../request-context";
import { readTextCapped } from "../body";
import { json } from "../responses";

/** Procedures browser code may call: those declared with `.meta(BROWSER)` (server/routers/trpc.ts). */
const BROWSER_PROCEDURES = new Set(browserProcedureNames());

/** The dashboard's typed client (live slug check and the like) reaches the same procedures here. */
export async function trpcEndpoint(ctx: RequestContext) {
  const procedures = decodeURIComponent(ctx.params.procedure ?? "").split(",");
  if (!procedures.every((name) => BROWSER_PROCEDURES.has(name))) return json({ message: "Not found" }, 404);
  const [{ orm }, resolved] = await Promise.all([getRuntime(), ctx.resolveSession()]);
  // The fetch adapter reads any body whole: cap it as every other JSON route does.
  const req =
    ctx.request.method === "POST"
      ? new Request(ctx.request.url, { method: "POST", headers: ctx.request.headers, body: await readTextCapped(ctx.request) })
      : ctx.request;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createContextInner({ orm, session: resolved?.user ?? null, requestId: ctx.requestId, clientAddress: ctx.clientAddress, preferredTenantId: ctx.preferredTenantId }),
  });
}
