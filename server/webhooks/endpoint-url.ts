import { resolveAllowed, UpstreamRefused } from "../deployments";
import { AppError } from "../platform/errors";

/**
 * The registration-time half of the outbound guard (ADR 031) for an endpoint URL: the host
 * must resolve, and only to addresses the app-proxy may reach. Delivery goes through the
 * guarded client, which checks again at every connection (DNS rebinding gains nothing).
 */
export async function assertEndpointUrlAllowed(url: string): Promise<void> {
  const hostname = new URL(url).hostname;
  try {
    await resolveAllowed(hostname);
  } catch (error) {
    const reason = error instanceof UpstreamRefused ? error.message.replace(/^Upstream address not allowed: /, "") : `${hostname} does not resolve`;
    throw new AppError("BAD_REQUEST", `Endpoint URL not allowed: ${reason}`);
  }
}
