import type { ConnectionStatus } from "../entities";

/**
 * What one health check of one connection found: a state to write, or a failure worth
 * retrying (network, 5xx), which becomes `error` only when the retries are spent.
 */
export type CheckOutcome = { kind: "settled"; status: ConnectionStatus; reason: string | null } | { kind: "transient"; reason: string } | { kind: "skipped" };

export const settled = (status: ConnectionStatus, reason: string | null = null): CheckOutcome => ({ kind: "settled", status, reason });
export const transient = (reason: string): CheckOutcome => ({ kind: "transient", reason });
export const skipped: CheckOutcome = { kind: "skipped" };
