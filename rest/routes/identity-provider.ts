import { IDENTITY } from "../../server/identity";
import { findAppError } from "../../server/platform/errors";
import { IdentityError } from "../../server/identity";
import { readJsonObject, readTextCapped } from "../body";
import { clientInput } from "../bind";
import type { RequestContext } from "../request-context";
import { json, noContent } from "../responses";

/** GoTrue reads the token from `Authorization: Bearer <jwt>`; one header, one token. */
export function bearerToken(ctx: RequestContext): string {
  const header = ctx.request.headers.get("authorization") ?? "";
  const match = /^Bearer ([^\s,]+)$/i.exec(header);
  if (!match) throw new IdentityError(IDENTITY.NO_AUTHORIZATION, "This endpoint requires a Bearer token");
  return match[1]!;
}

export async function identityBody(ctx: RequestContext) {
  try {
    return await readJsonObject(ctx.request);
  } catch (error) {
    throw identityBodyError(error);
  }
}

/** A body where GoTrue's is optional (an empty request is `{}`): MFA challenge, passkey options. */
export async function optionalBody(ctx: RequestContext): Promise<Record<string, unknown>> {
  const length = ctx.request.headers.get("content-length");
  if (length === "0" || (length === null && !ctx.request.body)) return {};
  return identityBody(ctx);
}

function identityBodyError(error: unknown): IdentityError {
  if (findAppError(error)?.code === "PAYLOAD_TOO_LARGE") return new IdentityError(IDENTITY.REQUEST_TOO_LARGE, "Request body too large");
  return new IdentityError(IDENTITY.BAD_JSON, "Could not parse request body as JSON");
}

/** The token endpoint also reads a form, as GoTrue (an OAuth token endpoint) does; one value per field. */
async function tokenBody(ctx: RequestContext): Promise<{ body: Record<string, unknown>; form: boolean }> {
  const type = (ctx.request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return { body: await identityBody(ctx), form: false };
  try {
    return { body: Object.fromEntries(new URLSearchParams(await readTextCapped(ctx.request))), form: true };
  } catch (error) {
    throw identityBodyError(error);
  }
}

export async function signup(ctx: RequestContext) {
  const body = await identityBody(ctx);
  const caller = await ctx.caller();
  // GoTrue reads `redirect_to` from the query (auth-js `emailRedirectTo`), never from the body.
  return json(await caller.idp.signup(clientInput({ ...body, redirectTo: ctx.url.searchParams.get("redirect_to") })));
}

export async function token(ctx: RequestContext) {
  const { body, form } = await tokenBody(ctx);
  const caller = await ctx.caller();
  // GoTrue reads grant_type as Go's FormValue does: the query first, then a form body (never JSON).
  const fromForm = form && typeof body.grant_type === "string" ? body.grant_type : "";
  const grantType = ctx.url.searchParams.get("grant_type") ?? fromForm;
  return json(await caller.idp.token({ ...body, grantType }));
}

export async function getUser(ctx: RequestContext) {
  const caller = await ctx.caller();
  return json(await caller.idp.user({ accessToken: bearerToken(ctx) }));
}

export async function updateUser(ctx: RequestContext) {
  const accessToken = bearerToken(ctx);
  const body = await identityBody(ctx);
  const data = body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {};
  const caller = await ctx.caller();
  return json(await caller.idp.updateUser({ accessToken, data, email: body.email, password: body.password, nonce: body.nonce }));
}

export async function logout(ctx: RequestContext) {
  const caller = await ctx.caller();
  await caller.idp.logout({ accessToken: bearerToken(ctx), scope: ctx.url.searchParams.get("scope") ?? undefined });
  return noContent();
}

export async function jwks(ctx: RequestContext) {
  const caller = await ctx.caller();
  return json(await caller.idp.jwks(), 200, { "cache-control": "public, max-age=600" });
}

export async function recover(ctx: RequestContext) {
  const body = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.recover({ fields: body, redirectTo: ctx.url.searchParams.get("redirect_to") }));
}

export async function otp(ctx: RequestContext) {
  const body = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.otp({ fields: body, redirectTo: ctx.url.searchParams.get("redirect_to") }));
}

export async function verify(ctx: RequestContext) {
  const body = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.verify({ fields: body }));
}

/** The mailed magic link: GoTrue answers 303 to `redirect_to`, the session (or the error) in the fragment. */
export async function followLink(ctx: RequestContext) {
  const caller = await ctx.caller();
  const query = ctx.url.searchParams;
  const location = await caller.idp.followLink({ token: query.get("token") ?? "", type: query.get("type") ?? "", redirectTo: query.get("redirect_to") });
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export async function resend(ctx: RequestContext) {
  const body = await identityBody(ctx);
  const caller = await ctx.caller();
  return json(await caller.idp.resend({ fields: body }));
}

export async function reauthenticate(ctx: RequestContext) {
  const caller = await ctx.caller();
  return json(await caller.idp.reauthenticate({ accessToken: bearerToken(ctx) }));
}

/** auth-js `signInWithOAuth` navigates here: 302 to the provider, or GoTrue's JSON refusal for one not enabled (ADR 075). */
export async function authorize(ctx: RequestContext): Promise<Response> {
  const query = ctx.url.searchParams;
  const caller = await ctx.caller();
  const location = await caller.idp.externalAuthorize({
    provider: query.get("provider") ?? "",
    redirectTo: query.get("redirect_to"),
    scopes: query.get("scopes"),
    codeChallenge: query.get("code_challenge"),
    codeChallengeMethod: query.get("code_challenge_method"),
  });
  return new Response(null, { status: 302, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

/** The provider sends the browser back here (GET), or posts the answer (form_post); it always ends in a redirect. */
export async function callback(ctx: RequestContext): Promise<Response> {
  const params: Record<string, string> = Object.fromEntries(ctx.url.searchParams);
  if (ctx.request.method === "POST") {
    const form = await readTextCapped(ctx.request).catch(() => "");
    Object.assign(params, Object.fromEntries(new URLSearchParams(form)));
  }
  const caller = await ctx.caller();
  const { status, location } = await caller.idp.externalCallback({ params });
  return new Response(null, { status, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

/** GoTrue's `GET /settings`: the sign-ins offered, for a sign-in page to draw its buttons. */
export async function settings(ctx: RequestContext) {
  const caller = await ctx.caller();
  return json(await caller.idp.settings());
}
