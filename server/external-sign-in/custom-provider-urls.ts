import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { getConfig } from "../platform/config";

/**
 * GoTrue's ValidateOAuthURL for a custom provider's URLs (issuer, discovery, endpoints): https,
 * a host, and not localhost, a loopback, private, link-local or metadata address, so an admin
 * key cannot point sign-ins at the service's own network. urlProblem checks the URL as written
 * (a literal IP included); resolvedUrlProblem, run when the provider is saved, resolves a host
 * name and checks every address it has, as GoTrue does. CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS (off by default) lifts the address and https
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

/** The addresses a host name has (node's resolver; tests pass their own). */
export type Resolve = (hostname: string) => Promise<string[]>;
const resolveAll: Resolve = async (hostname) => (await lookup(hostname, { all: true })).map((entry) => entry.address);

/** GoTrue's validateIP, in its order, for one resolved address. */
function addressProblem(address: string): string | null {
  const range = ipaddr.process(address).range();
  if (range === "loopback") return "URL cannot resolve to loopback addresses";
  if (range === "linkLocal") return "URL cannot resolve to link-local addresses";
  if (range === "multicast") return "URL cannot resolve to multicast addresses";
  if (range === "unspecified") return "URL cannot resolve to unspecified addresses";
  if (!PUBLIC_RANGES.has(range)) return "URL cannot resolve to private network addresses";
  return null;
}

/**
 * The save-time half (GoTrue resolves every URL it stores): a host name must resolve, and
 * only to public addresses. A name may resolve elsewhere later (the sign-in's requests are
 * the operator's, ADR 075), but an admin key cannot store one that points inside today.
 */
export async function resolvedUrlProblem(value: string, resolve: Resolve = resolveAll): Promise<string | null> {
  const written = urlProblem(value);
  if (written || getConfig().CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS) return written;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return null;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return "Unable to resolve hostname";
  }
  if (addresses.length === 0) return "Unable to resolve hostname";
  for (const address of addresses) {
    const problem = addressProblem(address);
    if (problem) return problem;
  }
  return null;
}
