import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { getConfig } from "../platform/config";

/**
 * Where the app-proxy may connect (SSRF policy, docs/decisions/030). Decided on the
 * resolved IP address, at registration and again at every connection, so a hostname that
 * later resolves elsewhere (DNS rebinding) gains nothing:
 *  - link-local (169.254/16 with cloud metadata, fe80::/10), unspecified, broadcast and
 *    multicast addresses: never;
 *  - loopback and private ranges: only when BASE_URL is itself a loopback URL (the
 *    single-machine default, tools beside the service) or the address is inside one of
 *    APP_PROXY_ALLOWED_UPSTREAMS' CIDRs;
 *  - any other (public) address: yes.
 */
const NEVER = new Set(["linkLocal", "unspecified", "broadcast", "multicast", "reserved"]);
const INTERNAL = new Set(["loopback", "private", "uniqueLocal", "carrierGradeNat"]);

let cachedCidrs: { raw: string | undefined; ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] } | undefined;
function allowedRanges(): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  const raw = getConfig().APP_PROXY_ALLOWED_UPSTREAMS;
  if (!cachedCidrs || cachedCidrs.raw !== raw) {
    const ranges = (raw ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map((cidr) => ipaddr.parseCIDR(cidr));
    cachedCidrs = { raw, ranges };
    return ranges;
  }
  return cachedCidrs.ranges;
}

function baseIsLoopback(): boolean {
  const host = new URL(getConfig().baseUrl).hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}

/** Null when the proxy may connect to `address`, else why not (for the 400 / 502 message). */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.process(address); // IPv4-mapped IPv6 becomes IPv4
  const range = ip.range();
  if (NEVER.has(range)) {
    const kind = range === "linkLocal" ? "link-local" : range;
    return `${address} is ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} address`;
  }
  if (!INTERNAL.has(range)) return null;
  if (baseIsLoopback()) return null;
  const listed = allowedRanges().some(([net, bits]) => net.kind() === ip.kind() && ip.match(net as never, bits));
  return listed ? null : `${address} is a ${range === "loopback" ? "loopback" : "private"} address (allow it with APP_PROXY_ALLOWED_UPSTREAMS)`;
}

export class UpstreamRefused extends Error {
  constructor(reason: string) {
    super(`Upstream address not allowed: ${reason}`);
    this.name = "UpstreamRefused";
  }
}

/** Every address `hostname` resolves to must be allowed; returns the first. */
export async function resolveAllowed(hostname: string): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.length === 0) throw new UpstreamRefused(`${hostname} does not resolve`);
  for (const address of addresses) {
    const reason = refusedAddress(address);
    if (reason) throw new UpstreamRefused(reason);
  }
  return addresses[0]!;
}

/**
 * A `lookup` for http.Agent: resolves, then refuses a forbidden address before any socket
 * opens (the connection-time half of the policy).
 */
export function guardedLookup(
  hostname: string,
  options: unknown,
  callback: (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void,
): void {
  const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all === true;
  resolveAllowed(hostname).then(
    (address) => {
      const family = ipaddr.parse(address).kind() === "ipv6" ? 6 : 4;
      if (all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    },
    (error: Error) => callback(Object.assign(error, { code: "EUPSTREAMREFUSED" }) as NodeJS.ErrnoException, ""),
  );
}
