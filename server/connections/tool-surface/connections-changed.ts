import { subscribe } from "../../platform/db/notifications";

/**
 * One LISTEN subscription for `svc_connections_changed` (the trigger of
 * Migration20261125000007 fires it with the tenant id on any change to a connection or a
 * binding, and with `*` when a catalog row changes), fanned out to every in-process cache
 * that holds connection data.
 */
export const CONNECTIONS_CHANGED_CHANNEL = "svc_connections_changed";

interface Listener {
  onTenantChanged(tenantId: string): void;
  /** Notifications may have been missed: drop everything. */
  onReset(): void;
}

const listeners: Listener[] = [];

subscribe(CONNECTIONS_CHANGED_CHANNEL, {
  onMessage: (tenantId) => {
    // `*`: a catalog row changed, which concerns every workspace.
    for (const listener of listeners) {
      if (tenantId === "*") listener.onReset();
      else listener.onTenantChanged(tenantId);
    }
  },
  onReset: () => {
    for (const listener of listeners) listener.onReset();
  },
});

export function onConnectionsChanged(listener: Listener): void {
  listeners.push(listener);
}

/** The writing instance evicts at once, before its own NOTIFY comes back. */
export function connectionsChangedLocally(tenantId: string): void {
  for (const listener of listeners) listener.onTenantChanged(tenantId);
}
