import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { bearerToken, identityBody } from "./identity-provider";

/** GoTrue's admin API: `Authorization: Bearer <service-role key>`, as auth-js's `auth.admin` sends it. */

const userId = (ctx: RequestContext) => ctx.params.id ?? "";

export async function createUser(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const fields = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.adminCreateUser({ serviceKey, fields }));
}

/** GoTrue's paging: `x-total-count` and a `Link` header with the next and last pages. */
export async function listUsers(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const caller = await ctx.caller();
  const page = await caller.idp.adminListUsers({
    serviceKey,
    page: ctx.url.searchParams.get("page") ?? undefined,
    perPage: ctx.url.searchParams.get("per_page") ?? undefined,
  });
  const last = Math.max(1, Math.ceil(page.total / page.perPage));
  const link = (n: number, rel: string) => `</auth/v1/admin/users?page=${n}&per_page=${page.perPage}>; rel="${rel}"`;
  const links = [...(page.page < last ? [link(page.page + 1, "next")] : []), link(last, "last")];
  return json({ users: page.users, aud: "authenticated" }, 200, { "x-total-count": String(page.total), link: links.join(", ") });
}

export async function getUser(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.adminGetUser({ serviceKey, id: userId(ctx) }));
}

export async function updateUser(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const fields = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.adminUpdateUser({ serviceKey, id: userId(ctx), fields }));
}

export async function deleteUser(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const caller = await ctx.caller();
  await caller.idp.adminDeleteUser({ serviceKey, id: userId(ctx) });
  return json({});
}

/** auth-js sends `redirectTo` as the `redirect_to` query parameter. */
export async function generateLink(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const fields = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.adminGenerateLink({ serviceKey, fields, redirectTo: ctx.url.searchParams.get("redirect_to") }));
}

export async function invite(ctx: RequestContext) {
  const serviceKey = bearerToken(ctx);
  const fields = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.adminInvite({ serviceKey, fields, redirectTo: ctx.url.searchParams.get("redirect_to") }));
}
