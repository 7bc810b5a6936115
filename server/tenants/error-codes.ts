/** The tenants area's error codes: a workspace's slug. Listed by server/start/error-catalog.ts. */
import { appErrorCode, errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

/** `{ message, code }` bodies of the tenants area's own JSON errors. */
export const TENANT_CODES = {
  SLUG_RESERVED: errorEntry("SLUG_RESERVED", 400, "message", "Creating or renaming a workspace with a reserved slug."),
} as const;

/** `GET /api/tenants/check-slug`'s `{ available: false, code, error? }` answers. */
export const SLUG_CHECK = {
  SLUG_TAKEN: errorEntry("SLUG_TAKEN", 200, "availability", "The slug is another workspace's (an answer, not a failure: no `error`)."),
  INVALID_SLUG: errorEntry("INVALID_SLUG", 400, "availability", "The slug is missing or not 2-20 lowercase letters, digits and hyphens."),
  SLUG_RESERVED: errorEntry("SLUG_RESERVED", 400, "availability", "The slug is a reserved word."),
} as const;

/** The tenants area's own AppError codes. */
export const TENANT_APP_ERRORS = {
  SLUG_RESERVED: appErrorCode("SLUG_RESERVED", 400),
} as const;

export const TENANT_ERROR_CODES: AreaErrorCodes = {
  area: "tenants",
  groups: [
    { group: SERVICE_ERRORS, entries: TENANT_CODES },
    { group: "Workspace slug check", entries: SLUG_CHECK },
  ],
  thrown: TENANT_APP_ERRORS,
};
