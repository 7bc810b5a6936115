/** The start area's face: what other areas, the routers, rest/ and app/ may use. */
export { getRuntime, hostHandlesSignals, shutdownRuntime, startedRuntime } from "./runtime";
export { isDraining, notReadyReasons, startDraining } from "./readiness";
export type { NotReadyReason } from "./readiness";
export { DEFAULT_OVERLAP_SECONDS, KEY_RINGS, rotateSigningKey, type KeyRingName } from "./key-rotation";
// `npm run cluster` (scripts/cluster.mjs): one set of secrets and one embedded PostgreSQL for N instances.
export { bootEnvironment, stopEmbeddedDatabase } from "./boot";
export { verifyAuditChainOf } from "./audit-verify-command";
export { AREA_ERROR_CODES, errorCatalog } from "./error-catalog";
