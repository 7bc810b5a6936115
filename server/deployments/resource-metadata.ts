import { TOOLS_SCOPE, authorizationServerIssuer } from "../oauth-server";
import type { DeploymentTarget } from "./deployment-lookup";
import type { TokenRefusal } from "./tool-tokens";
import { toolResource } from "./tool-tokens";
import { TOOL_ACCESS } from "./error-codes";

/**
 * A deployed tool's OAuth protected resource metadata (RFC 9728, issue 15 section 2), answered
 * by the app-proxy at the tool's own origin, and the `WWW-Authenticate` challenge that points
 * clients to it (RFC 6750 section 3, MCP authorization 2025-11-25). A tool is one resource, so
 * only the root form exists: the path-suffix form would name another resource (RFC 9728 3.3).
 */
export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  bearer_methods_supported: string[];
  scopes_supported: string[];
  resource_name: string;
}

export function protectedResourceMetadata(target: DeploymentTarget, origin: string): ProtectedResourceMetadata {
  return {
    resource: toolResource(origin),
    authorization_servers: [authorizationServerIssuer()],
    bearer_methods_supported: ["header"],
    scopes_supported: [TOOLS_SCOPE],
    resource_name: target.name,
  };
}

/**
 * The challenge of a 401 or 403: where the metadata is and what scope to ask for, with RFC
 * 6750's error when a token was presented. A refusal that is no token's fault
 * (`access_denied`: not a member) names no error, so a client does not re-authorize in a loop.
 */
export function bearerChallenge(origin: string, refusal: TokenRefusal | null): string {
  const parts = [];
  if (refusal && refusal.error !== TOOL_ACCESS.ACCESS_DENIED.code) parts.push(`error="${refusal.error}"`);
  parts.push(`resource_metadata="${origin}${PROTECTED_RESOURCE_PATH}"`, `scope="${TOOLS_SCOPE}"`);
  return `Bearer ${parts.join(", ")}`;
}
