/**
 * What the Node entry hands Remix's loaders and actions besides the Request: the client's
 * address, for the sign-in and sign-up limits. Under `remix-serve` it is absent.
 */
export interface DashboardLoadContext {
  clientAddress?: string | null;
}

export function clientAddressOf(context: unknown): string | null {
  const value = (context as DashboardLoadContext | undefined)?.clientAddress;
  return typeof value === "string" && value ? value : null;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
export function normalizeClientAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}
