/** The deployments area's face: what other areas, the routers, rest/ and app/ may use. */
export { APP_SESSION_COOKIE, APP_SESSION_LIFETIME_MS, APP_SESSION_REVOKED_CHANNEL, appIdentityEvictions, cachedAppIdentity, exchangeCode, mintCode, resolveAppIdentity, revokeAppSessionsOf } from "./app-sessions";
export type { AppIdentity } from "./app-sessions";
export { admitToTool, appOrigin, appScheme } from "./admission";
export type { Admission, AdmissionRequest } from "./admission";
export { ASSERTION_TYPE, assertionFor, cachedAssertion } from "./assertion";
export { assertionJwks } from "./assertion-keys";
export { cachedDeploymentByHost, findDeploymentByHost, forgetDeploymentTargets, isAppHost, parseAppHost } from "./deployment-lookup";
export type { DeploymentTarget } from "./deployment-lookup";
export { DEPLOYMENT_CHANGED_CHANNEL, createDeployment, deleteDeployment, deploymentView, listDeployments, requireDeployment, updateDeployment } from "./deployment-service";
export { startHealthChecks, stopHealthChecks } from "./health-checks";
export { MANIFEST_SCHEMA } from "./manifest";
export type { DeploymentView } from "./schemas";
export { DEPLOYMENT_NAME_MESSAGE, UPSTREAM_MESSAGE, createDeploymentInput, deploymentListOutput, deploymentOutput, deploymentNameInput, updateDeploymentInput } from "./schemas";
export { closeGuardedDispatcher, guardedCreateConnection, guardedDispatcher } from "./outbound-client";
export { refusedAddress, resolveAllowed, UpstreamRefused } from "./upstream-policy";
export { APP_SESSION_RENAMED_CHANNEL, renameInAppSessions } from "./app-session-names";
