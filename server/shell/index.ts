/** The shell area's face: what other areas, the routers, rest/ and app/ may use. */
export { AGENT_TOKEN_PREFIX } from "./agent-token-format";
export { AGENT_TOKEN_REVOKED_CHANNEL, authenticateAgentToken, disconnectDeploymentAgents, issueAgentToken, listAgentTokens, revokeAgentToken, revokedAgentTokenIds } from "./agent-token-service";
export type { AgentPrincipal } from "./agent-token-service";
export { listDeploymentEvents, recordDeploymentEvent } from "./shell-events";
export { agentTokenIssuedOutput, agentTokenListOutput, deploymentEventsOutput } from "./schemas";
export type { AgentTokenView, DeploymentEventView } from "./schemas";
export { AGENT_MOVED_CHANNEL, agentLocation, agentMove, forgetAgentLocation, forgetInstanceAgents, recordAgentLocation } from "./agent-locations";
export type { AgentLocation } from "./agent-locations";
export { shellMigrations } from "./migrations";
