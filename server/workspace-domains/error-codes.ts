/** The workspace domains area's error codes (ADR 081). Listed by server/start/error-catalog.ts. */
import { appErrorCode, errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

/** `{ message, code }` bodies of the area's own JSON errors. */
export const DOMAIN_CODES = {
  DOMAIN_ALREADY_CLAIMED: errorEntry("DOMAIN_ALREADY_CLAIMED", 409, "message", "A workspace claiming a domain it has already claimed."),
  DOMAIN_VERIFIED_ELSEWHERE: errorEntry("DOMAIN_VERIFIED_ELSEWHERE", 409, "message", "Verifying (or marking verified) a domain another workspace holds verified: a domain belongs to one workspace at a time."),
  DOMAIN_RECORD_MISSING: errorEntry("DOMAIN_RECORD_MISSING", 422, "message", "Verifying a domain whose `_svc-verification.<domain>` TXT record is absent or holds another value: the body names the record expected (`expected`) and the values found (`found`)."),
  DNS_LOOKUP_FAILED: errorEntry("DNS_LOOKUP_FAILED", 502, "message", "Verifying a domain while the DNS resolvers (`DNS_SERVERS`) do not answer: nothing is changed, the owner tries again."),
} as const;

/** The statuses the shared table lacks. */
export const DOMAIN_THROWN = {
  DOMAIN_RECORD_MISSING: appErrorCode("DOMAIN_RECORD_MISSING", 422),
  DNS_LOOKUP_FAILED: appErrorCode("DNS_LOOKUP_FAILED", 502),
} as const;

export const WORKSPACE_DOMAIN_ERROR_CODES: AreaErrorCodes = {
  area: "workspace-domains",
  groups: [{ group: SERVICE_ERRORS, entries: DOMAIN_CODES }],
  thrown: DOMAIN_THROWN,
};
