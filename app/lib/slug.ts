/** Client-safe slug helpers (the server's rule lives in server/tenants/slug.ts). */

export const SLUG_MAX = 20;

/** "Acme Robotics, Inc." → "acme-robotics-inc": a suggestion the server still checks. */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}
