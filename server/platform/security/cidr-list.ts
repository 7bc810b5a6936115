import ipaddr from "ipaddr.js";

/**
 * A comma-separated list of CIDRs (a setting such as APP_PROXY_ALLOWED_UPSTREAMS or
 * TRUSTED_PROXIES) as a test of one parsed address; parsed once per value of the setting.
 */
export function cidrList(read: () => string | undefined): (address: ipaddr.IPv4 | ipaddr.IPv6) => boolean {
  let cached: { raw: string | undefined; ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] } | undefined;
  return (address) => {
    const raw = read();
    if (!cached || cached.raw !== raw) {
      const ranges = (raw ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((cidr) => ipaddr.parseCIDR(cidr));
      cached = { raw, ranges };
    }
    // ipaddr.js types `match` per address kind; the kinds are compared first.
    return cached.ranges.some(([net, bits]) => net.kind() === address.kind() && address.match(net as never, bits));
  };
}
