/** The users area's own AppError code: the identity provider refused a profile or sign-in change. Listed by server/start/error-catalog.ts. */
import { appErrorCode, type AreaErrorCodes } from "../platform/error-codes";

export const USER_APP_ERRORS = {
  IDENTITY_REJECTED: appErrorCode("IDENTITY_REJECTED", 400),
} as const;

export const USER_ERROR_CODES: AreaErrorCodes = { area: "users", groups: [], thrown: USER_APP_ERRORS };
