import type { Caller } from "./caller.server";

/** Plain shapes for the connections pages (no OAuth configuration, never a secret). */
export type CatalogCardView = Awaited<ReturnType<Caller["connections"]["catalog"]>>[number];
export type ConnectionView = Awaited<ReturnType<Caller["connections"]["list"]>>[number];
export type AppConnectionView = Awaited<ReturnType<Caller["connections"]["appConnections"]>>[number];
export type IntegrationAdminView = Awaited<ReturnType<Caller["integrations"]["list"]>>[number];

/** A logo the dashboard may show under its CSP (img-src 'self' data:): same-origin paths and data: URLs. */
export function displayableLogo(logo: string): string | null {
  return /^\/(?!\/)/.test(logo) || /^data:image\/(png|gif|webp|jpeg);/.test(logo) ? logo : null;
}
