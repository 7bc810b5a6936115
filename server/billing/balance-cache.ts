import { isListening, subscribe } from "../platform/db/notifications";

export interface CachedBalance {
  micros: bigint;
  asOf: string;
  /** The response body, built once per cached balance rather than once per request. */
  body?: unknown;
}

/**
 * Balances by workspace. The ledger trigger NOTIFYs `svc_balance_changed` when a write
 * commits; every instance drops its entry then, and the writing instance drops it at once.
 */
const entries = new Map<string, CachedBalance>();
subscribe("svc_balance_changed", { onMessage: (tenantId) => entries.delete(tenantId), onReset: () => entries.clear() });

export function cachedBalance(tenantId: string): CachedBalance | undefined {
  return entries.get(tenantId);
}

export function rememberBalance(tenantId: string, balance: CachedBalance): void {
  if (!isListening()) return;
  if (entries.size >= 50_000) entries.clear();
  entries.set(tenantId, balance);
}

export function forgetBalance(tenantId: string): void {
  entries.delete(tenantId);
}
