import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";
import { bearerToken, identityBody } from "./identity-provider";

/**
 * GoTrue's passkey endpoints (`/auth/v1/passkeys…`, and the admin's under
 * `/auth/v1/admin/users/{id}/passkeys`) as auth-js's `passkey` and `admin.passkey` call them.
 * Each handler reads the bearer before the body, so a call without one is GoTrue's 401.
 */
async function optionalBody(ctx: RequestContext): Promise<Record<string, unknown>> {
  const length = ctx.request.headers.get("content-length");
  if (length === "0" || (length === null && !ctx.request.body)) return {};
  return identityBody(ctx);
}

const ids = (ctx: RequestContext) => ({ passkeyId: ctx.params.passkeyId ?? ctx.params.id ?? "", userId: ctx.params.id ?? "" });

export async function registrationOptions(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  await optionalBody(ctx);
  return json(await (await ctx.caller()).idp.passkeyRegistrationOptions({ accessToken }));
}

export async function registrationVerify(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  const fields = await identityBody(ctx);
  return json(await (await ctx.caller()).idp.passkeyRegistrationVerify({ accessToken, fields }));
}

/** No bearer: this starts a sign-in. auth-js sends `gotrue_meta_security` (a captcha token), which is not used. */
export async function authenticationOptions(ctx: RequestContext) {
  await optionalBody(ctx);
  return json(await (await ctx.caller()).idp.passkeyAuthenticationOptions());
}

export async function authenticationVerify(ctx: RequestContext) {
  const fields = await identityBody(ctx);
  return json(await (await ctx.caller()).idp.passkeyAuthenticationVerify({ fields }));
}

export async function list(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  return json(await (await ctx.caller()).idp.passkeyList({ accessToken }));
}

export async function rename(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  const fields = await identityBody(ctx);
  return json(await (await ctx.caller()).idp.passkeyRename({ accessToken, passkeyId: ids(ctx).passkeyId, fields }));
}

export async function remove(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  await (await ctx.caller()).idp.passkeyDelete({ accessToken, passkeyId: ids(ctx).passkeyId });
  return noContent();
}

export async function adminList(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  return json(await (await ctx.caller()).idp.adminPasskeyList({ accessToken, userId: ids(ctx).userId }));
}

export async function adminRemove(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  const { userId, passkeyId } = ids(ctx);
  await (await ctx.caller()).idp.adminPasskeyDelete({ accessToken, userId, passkeyId });
  return noContent();
}
