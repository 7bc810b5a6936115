import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { pathParam } from "../bind";
import { bearerToken } from "./identity-provider";

/**
 * GoTrue's manual linking under `/auth/v1/user/identities` (issue 31, ADR 075): auth-js
 * `linkIdentity` asks for the provider's URL with `skip_http_redirect=true` and gets `{ url }`;
 * a browser opening the path itself is sent there with 302. `unlinkIdentity` deletes.
 */
export async function authorize(ctx: RequestContext): Promise<Response> {
  const query = ctx.url.searchParams;
  const accessToken = bearerToken(ctx);
  const caller = await ctx.caller();
  const { url } = await caller.identityLinks.authorize({
    accessToken,
    provider: query.get("provider") ?? "",
    redirectTo: query.get("redirect_to"),
    scopes: query.get("scopes"),
    codeChallenge: query.get("code_challenge"),
    codeChallengeMethod: query.get("code_challenge_method"),
  });
  if (query.get("skip_http_redirect") === "true") return json({ url }, 200, { "cache-control": "no-store" });
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export async function unlink(ctx: RequestContext): Promise<Response> {
  const accessToken = bearerToken(ctx);
  const caller = await ctx.caller();
  return json(await caller.identityLinks.unlink({ accessToken, identityId: pathParam(ctx, "identity_id") }));
}
