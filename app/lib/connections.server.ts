import type { Caller } from "./caller.server";

/** Plain shapes for the connections pages (no OAuth configuration, never a secret). */
type IntegrationRow = Awaited<ReturnType<Caller["integrations"]["list"]>>[number];
type TenantConnectionRow = Awaited<ReturnType<Caller["connections"]["list"]>>[number];

/** A catalog card: no OAuth configuration in the page; whether it can be connected, and why not. */
export function catalogCard(row: IntegrationRow) {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    logo: displayableLogo(row.slug, row.logo),
    flow: row.flow,
    configured: row.configured,
    notConfiguredReason: row.notConfiguredReason,
    /** Administrators' listing includes disabled rows; the page offers none of them. */
    enabled: row.enabled,
  };
}

/** A row of the connections table: who, when, which apps; no metadata. */
export function connectionRow(row: TenantConnectionRow) {
  return {
    id: row.id,
    provider: row.provider,
    externalId: row.externalId,
    displayName: row.displayName,
    profile: row.profile,
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt,
    apps: row.apps,
  };
}

/**
 * A logo the dashboard may show under its CSP (img-src 'self' data:): same-origin paths and
 * data: URLs as they are; any other URL through the service (GET /api/integrations/{slug}/logo).
 */
export function displayableLogo(slug: string, logo: string): string | null {
  if (/^\/(?!\/)/.test(logo) || /^data:image\/(png|gif|webp|jpeg);/.test(logo)) return logo;
  return /^https?:\/\//i.test(logo.trim()) ? `/api/integrations/${encodeURIComponent(slug)}/logo` : null;
}
