/** A workspace owner's own single sign-on (ADR 086): its `{ message, code }` errors. Listed by server/start/error-catalog.ts. */
import { errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

export const WORKSPACE_SSO_CODES = {
  SSO_DOMAIN_NOT_VERIFIED: errorEntry("SSO_DOMAIN_NOT_VERIFIED", 400, "message", "A workspace's identity provider listing a domain the workspace has not verified: nothing is written."),
  SSO_TEST_UNAVAILABLE: errorEntry("SSO_TEST_UNAVAILABLE", 409, "message", "Testing a connection the dashboard cannot test here: a disabled provider, or an OpenID one (tested by signing in)."),
} as const;

export const WORKSPACE_SSO_ERROR_CODES: AreaErrorCodes = {
  area: "workspace-sso",
  groups: [{ group: SERVICE_ERRORS, entries: WORKSPACE_SSO_CODES }],
};
