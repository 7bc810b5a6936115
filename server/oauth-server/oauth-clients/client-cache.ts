import type { AdapterPayload } from "oidc-provider";
import { ExpiringCache } from "../../platform/cache/expiring-cache";
import { isListening } from "../../platform/db/notifications";

/** Any change to a client (a trigger on both tables that hold them); payload: its id. */
export const OAUTH_CLIENT_CHANGED_CHANNEL = "svc_oauth_client_changed";

/**
 * The clients the library reads on every token, introspection and revocation request, so that
 * the read is not a statement each time (issue 30, ADR 074). An entry lives at most 30 s and
 * never past the stored record's own expiry (a metadata document's copy); any change to the
 * client NOTIFYs every instance, which drops its copy at once (the triggers of migration
 * 20261129000074: registrations, admin edits, rotated secrets, deletions, cascades). Only found
 * clients are kept, nothing while notifications are down, and not a read that an eviction
 * overtook. Each answer is a copy: the library may change what it is given.
 */
const FRESH_MS = 30_000;

const clients = new ExpiringCache<AdapterPayload>(1_000);
let evictions = 0;

/** Evictions, wired in server/start/cache-eviction.ts. */
export const oauthClientEvictions = {
  client: (clientId: string) => {
    evictions++;
    clients.delete(clientId);
  },
  all: () => {
    evictions++;
    clients.clear();
  },
};

/** The client's metadata, from the cache or from `read` (which answers it with the stored record's expiry). */
export async function cachedClient(
  clientId: string,
  read: () => Promise<{ payload: AdapterPayload; expiresAt: Date | null } | undefined>,
  now = Date.now(),
): Promise<AdapterPayload | undefined> {
  const known = clients.get(clientId, now);
  if (known) return structuredClone(known);
  const before = evictions;
  const found = await read();
  if (!found) return undefined;
  const until = Math.min(now + FRESH_MS, found.expiresAt ? new Date(found.expiresAt).getTime() : Infinity);
  if (isListening() && before === evictions && until > now) clients.put(clientId, structuredClone(found.payload), until);
  return found.payload;
}
