/**
 * The deployments area's error codes: a tool's answers as an OAuth protected resource (RFC 6750,
 * issue 15 section 2, ADR 039), which rest/app-proxy-resource.ts writes. Listed by server/start/error-catalog.ts.
 */
import { errorEntry, type AreaErrorCodes } from "../platform/error-codes";

/** `{ error, error_description }` answers of a tool behind the app proxy, with RFC 6750's challenge on the refusals. */
export const TOOL_ACCESS = {
  NO_TOKEN: errorEntry("unauthorized", 401, "oauth", "A tool's request with no access token (and no app session)."),
  INVALID_TOKEN: errorEntry("invalid_token", 401, "oauth", "An access token that does not verify, is for another resource, or whose grant has ended."),
  INSUFFICIENT_SCOPE: errorEntry("insufficient_scope", 403, "oauth", "An access token without the tools scope."),
  ACCESS_DENIED: errorEntry("access_denied", 403, "oauth", "An access token of a person who is not a member of the tool's workspace."),
  RESOURCE_NOT_FOUND: errorEntry("not_found", 404, "oauth", "The protected-resource metadata asked for under a path suffix: a tool is one resource."),
  RESOURCE_METHOD_NOT_ALLOWED: errorEntry("method_not_allowed", 405, "oauth", "The protected-resource metadata asked for with another method than GET or HEAD."),
} as const;

export const DEPLOYMENT_ERROR_CODES: AreaErrorCodes = {
  area: "deployments",
  groups: [{ group: "Tools (OAuth protected resource)", entries: TOOL_ACCESS }],
};
