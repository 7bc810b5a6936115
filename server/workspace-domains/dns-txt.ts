import { Resolver } from "node:dns/promises";
import { getConfig } from "../platform/config";

/**
 * The TXT records at one name, asked of the resolvers `DNS_SERVERS` names (the system's when
 * empty), each try bounded so a silent resolver fails a verification in seconds, never hangs it.
 * No record (NXDOMAIN, or a name without TXT) is an empty list: the owner has not published it yet.
 * A resolver that cannot answer throws DnsLookupFailed: nothing can be concluded.
 */
const TRY_TIMEOUT_MS = 2000;
const TRIES = 2;
const NO_RECORD = new Set(["ENOTFOUND", "ENODATA"]);

export class DnsLookupFailed extends Error {
  constructor(readonly recordName: string, readonly reason: string) {
    super(`DNS lookup of ${recordName} failed: ${reason}`);
  }
}

export async function txtRecords(name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: TRY_TIMEOUT_MS, tries: TRIES });
  const servers = getConfig().DNS_SERVERS;
  if (servers.length > 0) resolver.setServers(servers);
  try {
    // A TXT record is a list of strings of at most 255 bytes each; its value is their concatenation (RFC 7208 3.3's reading).
    const records = await resolver.resolveTxt(name);
    return records.map((chunks) => chunks.join(""));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (NO_RECORD.has(code)) return [];
    throw new DnsLookupFailed(name, code || String(error));
  }
}
