import { AppError } from "../../server/platform/errors";
import { connectSessionFor, integrationLogoOf } from "../../server/connections";
import { getRuntime } from "../../server/start";
import { requireAppKey } from "../bearer";
import { decodePathSegment } from "../path-segment";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

/**
 * POST /api/connect/sessions (App Key, server to server): a 30-minute `svc_cs_` token
 * usable only as `app_key`, so the App Key never travels in a browser URL.
 */
export async function createSession(ctx: RequestContext) {
  const principal = await requireAppKey(ctx);
  // A connect session makes a connection: the area judges whether this key's person may.
  const session = await connectSessionFor((await getRuntime()).orm, principal);
  return json({ token: session.token, expires_at: session.expiresAt.toISOString() }, 201, { "cache-control": "no-store" });
}

/**
 * GET /api/integrations/{slug}/logo: a catalog row's logo from our own origin, so the
 * dashboard shows it under its CSP (issue 17). Anyone may read it: the catalog is no secret.
 */
export async function integrationLogoFile(ctx: RequestContext): Promise<Response> {
  const slug = decodePathSegment(ctx.params.slug ?? "");
  const logo = await integrationLogoOf((await getRuntime()).orm, slug);
  if (!logo) throw new AppError("NOT_FOUND", "Logo not found");
  return new Response(new Uint8Array(logo.body), {
    status: 200,
    headers: {
      "content-type": logo.contentType,
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
      // An SVG opened on its own runs nothing and loads nothing.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
