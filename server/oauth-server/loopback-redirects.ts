import type Provider from "oidc-provider";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** An `http` loopback redirect URI without its port, or null for any other URI. */
function withoutLoopbackPort(uri: string): string | null {
  const parsed = URL.parse(uri);
  if (!parsed || parsed.protocol !== "http:" || !LOOPBACK_HOSTS.has(parsed.hostname)) return null;
  parsed.port = "";
  return parsed.href;
}

/**
 * RFC 8252 section 7.3: a native client on a loopback address picks its port when it runs,
 * so a registered loopback redirect URI matches the same URI on any port. The library allows
 * this only to clients registered with `application_type: native`; MCP clients register as
 * web clients with `http://localhost:<port>/…` redirects, so every client gets it here. Every
 * other part of the URI still matches exactly.
 */
export function allowLoopbackPortVariance(provider: Provider): void {
  const prototype = provider.Client.prototype as { redirectUriAllowed(this: { redirectUris?: string[] }, value: string): boolean };
  const exact = prototype.redirectUriAllowed;
  prototype.redirectUriAllowed = function redirectUriAllowed(value: string): boolean {
    if (exact.call(this, value)) return true;
    const requested = withoutLoopbackPort(value);
    return requested !== null && (this.redirectUris ?? []).some((registered) => withoutLoopbackPort(registered) === requested);
  };
}
