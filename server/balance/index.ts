/** The balance area's face: what other areas, the routers, rest/ and app/ may use. */
export { BALANCE_CHANGED_CHANNEL, balanceEvictions, cachedBalance } from "./balance-cache";
export { balanceBody, loadBalance } from "./balance-service";
export { ledgerPage, tenantsPage } from "./history-service";
export { appendLedgerEntry } from "./ledger-service";
export { parseCredits } from "./money";
export { MAX_PAGE_SIZE, PAGE_SIZE } from "./pages";
export { balanceOutput } from "./schemas";
export type { BalanceBody } from "./schemas";
export { balanceOf } from "./edge-calls";
