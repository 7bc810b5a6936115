/** The storage area's face: what other areas, the routers, rest/ and app/ may use. */
export { getStorage, imageObjectKey, resetStorage } from "./configured-storage";
export type { ObjectStorage } from "./object-storage";
export { startOrphanSweeps, stopOrphanSweeps } from "./orphan-sweep";
export { STORAGE_APP_ERRORS, STORAGE_ERROR_CODES } from "./error-codes";
