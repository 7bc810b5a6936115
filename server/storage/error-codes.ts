/** The storage area's own AppError code: an object could not be stored, listed or removed. Listed by server/start/error-catalog.ts. */
import { appErrorCode, type AreaErrorCodes } from "../platform/error-codes";

export const STORAGE_APP_ERRORS = {
  STORAGE_FAILED: appErrorCode("STORAGE_FAILED", 500),
} as const;

export const STORAGE_ERROR_CODES: AreaErrorCodes = { area: "storage", groups: [], thrown: STORAGE_APP_ERRORS };
