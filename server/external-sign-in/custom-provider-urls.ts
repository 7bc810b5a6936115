import ipaddr from "ipaddr.js";
import { getConfig } from "../platform/config";

/**
 * GoTrue's ValidateOAuthURL for a custom provider's URLs (issuer, discovery, endpoints): https,
 * a host, and not localhost, a loopback, private, link-local or metadata address, so an admin
 * key cannot point sign-ins at the service's own network. GoTrue also resolves a host name
 * and checks its addresses; here a name is checked as written and the address rules apply to
 * literal IPs. CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS (off by default) lifts the address and https
 * rules for an operator whose provider lives on its own network, and for the tests' fakes on
 * 127.0.0.1.
 */
const LOCAL_NAMES = new Set(["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"]);
const PUBLIC_RANGES = new Set(["unicast", "6to4", "teredo", "rfc6052"]);

export function urlProblem(value: string): string | null {
  const parsed = URL.parse(value);
  if (!parsed) return "Invalid URL format";
  const open = getConfig().CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS;
  if (parsed.protocol !== "https:" && !(open && parsed.protocol === "http:")) return "URL must use HTTPS";
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!host) return "URL must have a valid hostname";
  if (open) return null;
  if (LOCAL_NAMES.has(host) || host.endsWith(".localhost")) return "URL cannot point to localhost or loopback addresses";
  if (ipaddr.isValid(host)) {
    const address = ipaddr.process(host);
    if (address.range() === "loopback" || address.range() === "unspecified") return "URL cannot point to localhost or loopback addresses";
    if (!PUBLIC_RANGES.has(address.range())) return "URL cannot point to private IP addresses";
  }
  return null;
}
