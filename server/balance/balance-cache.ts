import { isListening } from "../platform/db/notifications";

/** Sent by the ledger's trigger when an entry commits; payload: the workspace id. */
export const BALANCE_CHANGED_CHANNEL = "svc_balance_changed";

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

/** Evictions, wired in server/start/cache-eviction.ts. */
export const balanceEvictions = { tenant: forgetBalance, all: () => entries.clear() };
