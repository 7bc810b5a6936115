import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { bearerToken } from "./identity-provider";

/**
 * GoTrue's admin lists (`Authorization: Bearer <service-role key>`, as auth-js's `auth.admin`
 * sends it): the bearer first, then the page, answered with GoTrue's paging headers. The other
 * admin operations only bind (their declarations call the procedure).
 */

/** `x-total-count` and a `Link` header with the next and last pages. */
function pagingHeaders(path: string, page: { page: number; perPage: number; total: number }): Record<string, string> {
  const last = Math.max(1, Math.ceil(page.total / page.perPage));
  const link = (n: number, rel: string) => `<${path}?page=${n}&per_page=${page.perPage}>; rel="${rel}"`;
  const links = [...(page.page < last ? [link(page.page + 1, "next")] : []), link(last, "last")];
  return { "x-total-count": String(page.total), link: links.join(", ") };
}

const pageQuery = (ctx: RequestContext) => ({
  page: ctx.url.searchParams.get("page") ?? undefined,
  perPage: ctx.url.searchParams.get("per_page") ?? undefined,
});

export async function listUsers(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const caller = await ctx.caller();
  const page = await caller.idp.adminListUsers({ serviceKey, ...pageQuery(ctx) });
  return json({ users: page.users, aud: "authenticated" }, 200, pagingHeaders("/auth/v1/admin/users", page));
}

export async function listOAuthClients(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const caller = await ctx.caller();
  const page = await caller.idpAdminSecurity.listOAuthClients({ serviceKey, ...pageQuery(ctx) });
  return json({ clients: page.clients, aud: "authenticated" }, 200, pagingHeaders("/auth/v1/admin/oauth/clients", page));
}
