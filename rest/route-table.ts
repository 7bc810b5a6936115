import type { Route } from "./route-types";
import type { RawRoute } from "./raw-route";
import { appProxyRoute } from "./app-proxy";
import { publicCorsPreflightRoute, publicCorsReadableRoute } from "./public-cors";
import { providerProxyRoute } from "./routes/provider-proxy";
import { oauthServerRoute } from "./oauth-server";
import { appOperations } from "./routes/apps.operations";
import { oauthClientOperations } from "./routes/oauth-clients.operations";
import { keyOperations } from "./routes/keys.operations";
import { balanceOperations } from "./routes/balance.operations";
import { cliOperations } from "./routes/cli.operations";
import { connectionOperations } from "./routes/connections.operations";
import { dashboardOperations } from "./routes/dashboard.operations";
import { deploymentOperations } from "./routes/deployments.operations";
import { deploymentShellOperations } from "./routes/deployment-shell.operations";
import { healthOperations } from "./routes/health.operations";
import { identityAdminOperations } from "./routes/identity-admin.operations";
import { identityAdminSecurityOperations } from "./routes/identity-admin-security.operations";
import { identityProviderOperations } from "./routes/identity-provider.operations";
import { externalSignInOperations } from "./routes/external-sign-in.operations";
import { identityFactorOperations } from "./routes/identity-factors.operations";
import { identityPasskeyOperations } from "./routes/identity-passkeys.operations";
import { identityLinkOperations } from "./routes/identity-links.operations";
import { customProviderOperations } from "./routes/custom-providers.operations";
import { ssoOperations } from "./routes/sso.operations";
import { memberOperations } from "./routes/members.operations";
import { connectionFlowOperations } from "./routes/connection-flow.operations";
import { oauthEndpointOperations, oauthServerOperations } from "./routes/oauth-server.operations";
import { referenceOperations } from "./routes/reference.operations";
import { sessionOperations } from "./routes/session.operations";
import { storageOperations } from "./routes/storage.operations";
import { tenantOperations } from "./routes/tenants.operations";
import { toolOperations } from "./routes/tools.operations";
import { toolSurfaceOperations } from "./routes/tool-surface.operations";
import { userOperations } from "./routes/users.operations";
import { userSessionOperations } from "./routes/user-sessions.operations";
import { webhookOperations } from "./routes/webhooks.operations";
import { auditLogOperations } from "./routes/audit-log.operations";
import { workspaceDomainOperations } from "./routes/workspace-domains.operations";
import { workspaceSsoOperations } from "./routes/workspace-sso.operations";
import { scimOperations } from "./routes/scim.operations";
import { scimRoute } from "./routes/scim";

/**
 * Every public path of SPEC.md and the built-in identity provider: the declarations of each
 * area (rest/routes/<area>.operations.ts, each beside its handlers), in the order of the
 * reference. The HTTP edge (rest/handler.ts) and the OpenAPI document are both built from
 * this list; a new route is served and documented by adding its declaration here.
 */
export const routes: Route[] = [
  ...sessionOperations,
  ...healthOperations,
  ...tenantOperations,
  ...memberOperations,
  ...workspaceDomainOperations,
  ...workspaceSsoOperations,
  ...scimOperations,
  ...userOperations,
  ...userSessionOperations,
  ...balanceOperations,
  ...cliOperations,
  ...appOperations,
  ...oauthClientOperations,
  ...keyOperations,
  ...deploymentOperations,
  ...deploymentShellOperations,
  ...toolOperations,
  ...toolSurfaceOperations,
  ...connectionFlowOperations,
  ...connectionOperations,
  ...webhookOperations,
  ...auditLogOperations,
  ...identityProviderOperations,
  ...externalSignInOperations,
  ...identityFactorOperations,
  ...identityPasskeyOperations,
  ...identityLinkOperations,
  ...oauthServerOperations,
  ...oauthEndpointOperations,
  ...identityAdminOperations,
  ...identityAdminSecurityOperations,
  ...customProviderOperations,
  ...ssoOperations,
  ...storageOperations,
  ...dashboardOperations,
  ...referenceOperations(() => routes),
];

/**
 * The declarations on Node's own objects (rest/raw-route.ts, docs/decisions/068), in the order
 * they are tried: the tools' hosts, then the public CORS answers, then the two raw areas. The
 * Node entry asks them before the fast answers and the Request declarations above; a host
 * that hands the edge a fetch Request (remix-serve) reaches the Request declarations only.
 */
export const rawRoutes: RawRoute[] = [appProxyRoute, publicCorsPreflightRoute, publicCorsReadableRoute, providerProxyRoute, oauthServerRoute, scimRoute];

/** Path prefixes the REST edge owns: unknown paths under them are JSON 404s, not pages. */
export const ownedPrefixes = ["/api/", "/auth/v1/", "/storage/v1/", "/schemas/", "/sdk/"];
