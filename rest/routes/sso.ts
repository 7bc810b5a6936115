import { readTextCapped } from "../body";
import { json } from "../responses";
import type { RequestContext } from "../request-context";
import { identityBody } from "./identity-provider";

/**
 * GoTrue's SAML single sign-on at the edge (issue 32, ADR 079): `POST /auth/v1/sso` answers
 * `{ url }` or a 303 to the IdP; the ACS always redirects; the metadata is XML.
 */
const REDIRECT_HEADERS = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

export async function ssoStart(ctx: RequestContext): Promise<Response> {
  const body = await identityBody(ctx);
  const caller = await ctx.caller();
  const { url, redirect } = await caller.sso.start({ fields: body });
  if (redirect) return new Response(null, { status: 303, headers: { location: url, ...REDIRECT_HEADERS } });
  return json({ url });
}

/** The IdP posts the SAMLResponse and RelayState here (HTTP-POST binding); GoTrue reads the query too (FormValue). */
export async function ssoAcs(ctx: RequestContext): Promise<Response> {
  const form: Record<string, string> = Object.fromEntries(ctx.url.searchParams);
  const text = await readTextCapped(ctx.request).catch(() => "");
  Object.assign(form, Object.fromEntries(new URLSearchParams(text)));
  const caller = await ctx.caller();
  const { status, location } = await caller.sso.acs({ form });
  return new Response(null, { status, headers: { location, ...REDIRECT_HEADERS } });
}

/** An OpenID connection's redirect URI (ADR 085): the issuer sends the browser back with `code` and `state` (or `error`). */
export async function ssoOidcCallback(ctx: RequestContext): Promise<Response> {
  const caller = await ctx.caller();
  const { status, location } = await caller.sso.oidcCallback({ query: Object.fromEntries(ctx.url.searchParams) });
  return new Response(null, { status, headers: { location, ...REDIRECT_HEADERS } });
}

export async function ssoMetadata(ctx: RequestContext): Promise<Response> {
  const download = ctx.url.searchParams.get("download") === "true";
  const caller = await ctx.caller();
  const xml = await caller.sso.metadata({ download });
  return new Response(xml, {
    status: 200,
    headers: {
      "content-type": "application/xml",
      "cache-control": "public, max-age=600",
      ...(download ? { "content-disposition": 'attachment; filename="metadata.xml"' } : {}),
    },
  });
}
