import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import { httpUrl } from "../platform/http/http-url";

export const MAX_ALLOWED_ORIGINS = 20;

/**
 * An exact web origin (`scheme://host[:port]`, http or https, nothing else: no path, query,
 * fragment, credentials or trailing slash), normalised by the URL parser; else null.
 */
export function exactOrigin(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 300) return null;
  if (/[\s\\]/.test(value)) return null;
  const url = httpUrl(value);
  if (!url) return null;
  if (url.username || url.password) return null;
  // The input must already be the bare origin; `https://a.com/` or `https://a.com/x` is not.
  if (url.origin !== value.toLowerCase().replace(/:(80|443)$/, (m) => ((m === ":80" && url.protocol === "http:") || (m === ":443" && url.protocol === "https:") ? "" : m))) {
    return null;
  }
  return url.origin;
}

export async function getAllowedOrigins(em: EntityManager, appId: string): Promise<string[]> {
  const rows = await em.execute<{ allowed_origins: string[] }[]>(`select allowed_origins from apps where id = ?`, [appId]);
  return rows[0]?.allowed_origins ?? [];
}

/** Replaces the app's allowed opener origins (each one exact; duplicates dropped). */
export async function setAllowedOrigins(em: EntityManager, tenantId: string, appId: string, origins: string[]): Promise<string[]> {
  if (origins.length > MAX_ALLOWED_ORIGINS) throw new AppError("BAD_REQUEST", `At most ${MAX_ALLOWED_ORIGINS} origins`);
  const normalised: string[] = [];
  for (const origin of origins) {
    // "https://app.example.com/" is how a browser's address bar shows an origin: it is meant as
    // the origin, so its one trailing slash goes (any other path is still refused).
    const exact = exactOrigin(typeof origin === "string" ? origin.replace(/(?<=^[a-z]+:\/\/[^/]+)\/$/i, "") : origin);
    if (!exact) throw new AppError("BAD_REQUEST", `Not an origin (scheme://host[:port]): ${String(origin).slice(0, 100)}`);
    if (!normalised.includes(exact)) normalised.push(exact);
  }
  // The list and an audit row per origin added or removed commit together.
  return em.transactional(async (tx) => {
    const before = await tx.execute<{ allowed_origins: string[] }[]>(`select allowed_origins from apps where id = ? and tenant_id = ? for update`, [appId, tenantId]);
    if (before.length === 0) throw new AppError("NOT_FOUND", "App not found");
    await tx.execute(`update apps set allowed_origins = array(select jsonb_array_elements_text(?::jsonb)) where id = ?`, [JSON.stringify(normalised), appId]);
    const previous = before[0]!.allowed_origins;
    const target = { type: "app", id: appId };
    for (const origin of normalised.filter((o) => !previous.includes(o))) await recordChange(tx, { tenantId, audit: "origin.added", data: { origin }, target });
    for (const origin of previous.filter((o) => !normalised.includes(o))) await recordChange(tx, { tenantId, audit: "origin.removed", data: { origin }, target });
    return normalised;
  });
}
