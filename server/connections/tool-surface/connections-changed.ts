import { deliverLocally } from "../../platform/db/notifications";

/**
 * `svc_connections_changed`: the trigger of Migration20261125000007 fires it with the
 * workspace id on any change to a connection or a binding, and with `*` when a catalog row
 * changes (which concerns every workspace). server/start/cache-eviction.ts fans it out to
 * every in-process cache that holds connection data.
 */
export const CONNECTIONS_CHANGED_CHANNEL = "svc_connections_changed";
export const EVERY_TENANT = "*";

/** The writing instance evicts at once, before the trigger's NOTIFY comes back. */
export function connectionsChangedLocally(tenantId: string): void {
  deliverLocally(CONNECTIONS_CHANGED_CHANNEL, tenantId);
}
