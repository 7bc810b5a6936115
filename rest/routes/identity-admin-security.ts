import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { bearerToken, identityBody } from "./identity-provider";

/**
 * GoTrue's admin OAuth client routes (`auth.admin.oauth.*`) and admin factor routes
 * (`auth.admin.mfa.*`), `Authorization: Bearer <service-role key>`. Each reads the bearer
 * first, so a call without one is GoTrue's 401 whatever else it sends.
 */
const param = (ctx: RequestContext, name: string) => decodePathSegment(ctx.params[name] ?? "");

async function caller(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  return { serviceKey, caller: await ctx.caller() };
}

/** GoTrue's paging headers, as the admin user list sends them. */
export async function listOAuthClients(ctx: RequestContext) {
  const { serviceKey, caller: c } = await caller(ctx);
  const page = await c.idpAdminSecurity.listOAuthClients({
    serviceKey,
    page: ctx.url.searchParams.get("page") ?? undefined,
    perPage: ctx.url.searchParams.get("per_page") ?? undefined,
  });
  const last = Math.max(1, Math.ceil(page.total / page.perPage));
  const link = (n: number, rel: string) => `</auth/v1/admin/oauth/clients?page=${n}&per_page=${page.perPage}>; rel="${rel}"`;
  const links = [...(page.page < last ? [link(page.page + 1, "next")] : []), link(last, "last")];
  return json({ clients: page.clients, aud: "authenticated" }, 200, { "x-total-count": String(page.total), link: links.join(", ") });
}

export async function createOAuthClient(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const fields = await identityBody(ctx);
  const c = await ctx.caller();
  return json(await c.idpAdminSecurity.createOAuthClient({ serviceKey, fields }), 201);
}

export async function getOAuthClient(ctx: RequestContext) {
  const { serviceKey, caller: c } = await caller(ctx);
  return json(await c.idpAdminSecurity.getOAuthClient({ serviceKey, id: param(ctx, "clientId") }));
}

export async function updateOAuthClient(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const fields = await identityBody(ctx);
  const c = await ctx.caller();
  return json(await c.idpAdminSecurity.updateOAuthClient({ serviceKey, id: param(ctx, "clientId"), fields }));
}

export async function deleteOAuthClient(ctx: RequestContext) {
  const { serviceKey, caller: c } = await caller(ctx);
  await c.idpAdminSecurity.deleteOAuthClient({ serviceKey, id: param(ctx, "clientId") });
  return noContent();
}

export async function regenerateOAuthClientSecret(ctx: RequestContext) {
  const { serviceKey, caller: c } = await caller(ctx);
  return json(await c.idpAdminSecurity.regenerateOAuthClientSecret({ serviceKey, id: param(ctx, "clientId") }));
}

export async function listFactors(ctx: RequestContext) {
  const { serviceKey, caller: c } = await caller(ctx);
  return json(await c.idpAdminSecurity.listFactors({ serviceKey, userId: param(ctx, "id") }));
}

export async function deleteFactor(ctx: RequestContext) {
  const { serviceKey, caller: c } = await caller(ctx);
  return json(await c.idpAdminSecurity.deleteFactor({ serviceKey, userId: param(ctx, "id"), factorId: param(ctx, "factorId") }));
}
