import type { RequestContext } from "../request-context";
import { json } from "../responses";
import { bearerToken, identityBody } from "./identity-provider";

/**
 * GoTrue's MFA endpoints (`/auth/v1/factors…`) as auth-js's `mfa` calls them. A body is
 * optional where GoTrue's is (challenge, regenerate, delete); each handler reads the bearer
 * first, so a call without one is GoTrue's 401 whatever its body.
 */
const factorId = (ctx: RequestContext) => ctx.params.id ?? "";

async function optionalBody(ctx: RequestContext): Promise<Record<string, unknown>> {
  const length = ctx.request.headers.get("content-length");
  if (length === "0" || (length === null && !ctx.request.body)) return {};
  return identityBody(ctx);
}

async function request(ctx: RequestContext, body: "required" | "optional" | "none") {
  const accessToken = bearerToken(ctx);
  const fields = body === "required" ? await identityBody(ctx) : body === "optional" ? await optionalBody(ctx) : {};
  return { caller: await ctx.caller(), input: { accessToken, factorId: factorId(ctx), fields } };
}

export async function enroll(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "required");
  return json(await caller.idp.factorEnroll(input));
}

export async function challenge(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "optional");
  return json(await caller.idp.factorChallenge(input));
}

export async function verify(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "required");
  return json(await caller.idp.factorVerify(input));
}

export async function unenroll(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "none");
  return json(await caller.idp.factorUnenroll(input));
}

export async function recoveryStatus(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "none");
  return json(await caller.idp.recoveryCodesStatus(input));
}

export async function recoveryGenerate(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "optional");
  return json(await caller.idp.recoveryCodesGenerate(input));
}

export async function recoveryRegenerate(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "optional");
  return json(await caller.idp.recoveryCodesRegenerate(input));
}

export async function recoveryDelete(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "none");
  return json(await caller.idp.recoveryCodesDelete(input));
}

export async function recoveryVerify(ctx: RequestContext) {
  const { caller, input } = await request(ctx, "required");
  return json(await caller.idp.recoveryCodeVerify(input));
}
