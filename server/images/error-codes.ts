/** The images area's own AppError code: an upload that is not an image it accepts. Listed by server/start/error-catalog.ts. */
import { appErrorCode, type AreaErrorCodes } from "../platform/error-codes";

export const IMAGE_APP_ERRORS = {
  UPLOAD_INVALID: appErrorCode("UPLOAD_INVALID", 400),
} as const;

export const IMAGE_ERROR_CODES: AreaErrorCodes = { area: "images", groups: [], thrown: IMAGE_APP_ERRORS };
