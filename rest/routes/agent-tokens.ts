import { requireAppKey } from "../bearer";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { requireSession } from "./session";

/**
 * `/api/deployments/{name}/agent-tokens[/{id}]` and `/api/deployments/{name}/events`:
 * a bearer means an `svc_sk_` key of the workspace, otherwise the session cookie.
 */
async function authenticate(ctx: RequestContext): Promise<void> {
  if (ctx.header("authorization")) await requireAppKey(ctx);
  else await requireSession(ctx);
}

/** The path's `{name}` and, for a revocation, `{id}`. */
function parts(ctx: RequestContext): { name: string; tokenId: string } {
  return { name: decodePathSegment(ctx.params.name ?? ""), tokenId: decodePathSegment(ctx.params.id ?? "") };
}

const NO_STORE = { "cache-control": "no-store" };

export async function list(ctx: RequestContext) {
  await authenticate(ctx);
  const tokens = await (await ctx.caller()).shell.listAgentTokens({ name: parts(ctx).name });
  return json({ agentTokens: tokens }, 200, NO_STORE);
}

/** 201 with the token: the only time it is shown. */
export async function issue(ctx: RequestContext) {
  await authenticate(ctx);
  return json(await (await ctx.caller()).shell.issueAgentToken({ name: parts(ctx).name }), 201, NO_STORE);
}

export async function revoke(ctx: RequestContext) {
  await authenticate(ctx);
  const { name, tokenId } = parts(ctx);
  await (await ctx.caller()).shell.revokeAgentToken({ name, tokenId });
  return noContent();
}

export async function events(ctx: RequestContext) {
  await authenticate(ctx);
  return json({ events: await (await ctx.caller()).shell.events({ name: parts(ctx).name }) }, 200, NO_STORE);
}
