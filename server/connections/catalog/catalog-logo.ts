import type { EntityManager } from "@mikro-orm/postgresql";
import { Integration } from "./entities";
import { httpUrl } from "../../platform/http/http-url";

/**
 * Catalog logos, served through the service (issue 17): the dashboard's CSP allows images
 * from its own origin only (ADR 015), and a logo fetched here does not tell a third party
 * who looked at the catalog. Only an operator (the catalog file) or an administrator sets a
 * logo URL, so fetching it is no open proxy. A fetched logo is kept in memory for an hour,
 * keyed by its URL: an edited URL is a new key, so nothing needs evicting.
 */
export interface Logo {
  body: Buffer;
  contentType: string;
}

const MAX_LOGO_BYTES = 256 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const KEEP_MS = 60 * 60 * 1000;
const MAX_KEPT = 200;
const IMAGE_TYPES = /^image\/(png|gif|webp|jpeg|svg\+xml|x-icon|vnd\.microsoft\.icon)$/;

const kept = new Map<string, { logo: Logo | null; at: number }>();

/** The logo of an enabled catalog row, or null (no row, no logo, or a logo that is not an image). */
export async function integrationLogo(em: EntityManager, slug: string): Promise<Logo | null> {
  const row = await em.findOne(Integration, { slug, enabled: true }, { fields: ["logo"] });
  const source = row?.logo.trim() ?? "";
  if (!source) return null;
  if (source.startsWith("data:")) return fromDataUrl(source);
  const hit = kept.get(source);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.logo;
  const logo = await fetchLogo(source);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(source, { logo, at: Date.now() });
  return logo;
}

function fromDataUrl(source: string): Logo | null {
  const match = /^data:([^;,]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(source);
  if (!match || !IMAGE_TYPES.test(match[1]!.toLowerCase())) return null;
  const body = Buffer.from(match[2]!, "base64");
  return body.length > 0 && body.length <= MAX_LOGO_BYTES ? { body, contentType: match[1]!.toLowerCase() } : null;
}

async function fetchLogo(source: string): Promise<Logo | null> {
  const url = httpUrl(source);
  if (!url) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: "image/*" } });
    const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!response.ok || !IMAGE_TYPES.test(contentType)) return null;
    const body = Buffer.from(await response.arrayBuffer());
    return body.length > 0 && body.length <= MAX_LOGO_BYTES ? { body, contentType } : null;
  } catch {
    return null; // unreachable or too slow: the dashboard shows the initials instead
  }
}
