import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContextInner, appRouter } from "../../server/routers";
import { getRuntime } from "../../server/start";
import type { RequestContext } from "../request-context";
import { readTextCapped } from "../body";
import { json } from "../responses";

/** Procedures browser code may call. Sign-in and the provider's own procedures hand out
 * tokens, which must only ever travel in the HttpOnly cookie, so they are not listed. */
const BROWSER_PROCEDURE = new RegExp(
  "^(" +
    [
      "auth\\.me",
      "tenants\\.(checkSlug|me|update)",
      "users\\.(me|update)",
      "apps\\.(list|create|get|rename|remove|env|setEnv|deleteEnv)",
      "keys\\.(list|create|revoke)",
      "billing\\.(myBalance|workspaces|history|adjust)",
      "dev\\.canBootstrapCli",
      "connections\\.(list|listForProvider|disconnect|bind|unbind|forApp|setAllowedOrigins)",
      "integrations\\.(list|update)",
    ].join("|") +
    ")$",
);

/** The dashboard's typed client (live slug check and the like) reaches the same procedures here. */
export async function trpcEndpoint(ctx: RequestContext) {
  const procedures = decodeURIComponent(ctx.params.procedure ?? "").split(",");
  if (!procedures.every((name) => BROWSER_PROCEDURE.test(name))) return json({ message: "Not found" }, 404);
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
