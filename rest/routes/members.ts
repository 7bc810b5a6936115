import { AppError } from "../../server/platform/errors";
import { readJsonObject } from "../body";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { requireSession } from "./session";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path's `{param}` as a UUID; anything that is not one names nothing (404). */
function idParam(ctx: RequestContext, param: "id" | "userId", notFound: string): string {
  const id = ctx.params[param] ?? "";
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", notFound);
  return id.toLowerCase();
}

export async function listMembers(ctx: RequestContext) {
  const caller = await ctx.caller();
  const { workspace, members, invitations } = await caller.members.list();
  return json({ tenantId: workspace.tenantId, role: workspace.role, members, invitations }, 200, { "cache-control": "no-store" });
}

export async function invite(ctx: RequestContext) {
  await requireSession(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.members.invite(body as never), 201, { "cache-control": "no-store" });
}

export async function revokeInvitation(ctx: RequestContext) {
  const caller = await ctx.caller();
  await caller.members.revokeInvitation({ id: idParam(ctx, "id", "Invitation not found") });
  return noContent();
}

export async function changeRole(ctx: RequestContext) {
  await requireSession(ctx);
  const body = await readJsonObject(ctx.request);
  const caller = await ctx.caller();
  return json(await caller.members.changeRole({ ...(body as object), userId: idParam(ctx, "userId", "Member not found") } as never));
}

export async function removeMember(ctx: RequestContext) {
  const caller = await ctx.caller();
  await caller.members.remove({ userId: idParam(ctx, "userId", "Member not found") });
  return noContent();
}
