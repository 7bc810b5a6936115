import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { getConfig } from "../platform/config";
import { cidrList } from "../platform/security/cidr-list";

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

const allowedUpstream = cidrList(() => getConfig().APP_PROXY_ALLOWED_UPSTREAMS);

function baseIsLoopback(): boolean {
  const host = new URL(getConfig().baseUrl).hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}

/**
 * IPv6 spellings that carry an IPv4 address reach (through a translator, a relay or the
 * host's own stack) that IPv4 address, so they are judged by it: NAT64 64:ff9b::/96
 * (RFC 6052), IPv4-compatible ::/96 (RFC 4291, deprecated), IPv4-translated
 * ::ffff:0:0:0/96 (RFC 6145), 6to4 2002::/16 (RFC 3056) and Teredo 2001::/32 (RFC 4380,
 * the client's address, stored inverted). IPv4-mapped ::ffff:0:0/96 is unwrapped by
 * ipaddr.process. Null when `ip` embeds no IPv4 address.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts; // eight 16-bit groups
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zero = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (p[0] === 0x64 && p[1] === 0xff9b && zero(2, 6)) return v4(p[6]!, p[7]!);
  if (zero(0, 6) && (p[6] !== 0 || p[7]! > 1)) return v4(p[6]!, p[7]!); // not :: or ::1
  if (zero(0, 4) && p[4] === 0xffff && p[5] === 0) return v4(p[6]!, p[7]!);
  if (p[0] === 0x2002) return v4(p[1]!, p[2]!);
  if (p[0] === 0x2001 && p[1] === 0) return v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff);
  return null;
}

/** Null when the proxy may connect to `address`, else why not (for the 400 / 502 message). */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const processed = ipaddr.process(address); // IPv4-mapped IPv6 becomes IPv4
  const embedded = processed.kind() === "ipv6" ? embeddedIPv4(processed as ipaddr.IPv6) : null;
  if (embedded) {
    const inner = embedded.toString();
    const reason = refusedAddress(inner);
    return reason && reason.replace(`${inner} is `, `${address} embeds ${inner}, which is `);
  }
  const ip = processed;
  const range = ip.range();
  if (NEVER.has(range)) {
    const kind = range === "linkLocal" ? "link-local" : range;
    return `${address} is ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} address`;
  }
  if (!INTERNAL.has(range)) return null;
  if (baseIsLoopback()) return null;
  const listed = allowedUpstream(ip);
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
