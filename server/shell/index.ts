/** The shell area's face: what other areas, the routers, rest/ and app/ may use. */
export { AGENT_TOKEN_PREFIX } from "./agent-token-format";
export { AGENT_TOKEN_REVOKED_CHANNEL, disconnectDeploymentAgents, issueAgentToken, listAgentTokens, revokeAgentToken } from "./agent-token-service";
export type { AgentPrincipal } from "./agent-token-service";
export { listDeploymentEvents } from "./shell-events";
export { agentTokenIssuedOutput, agentTokenListOutput, deploymentEventsOutput } from "./schemas";
export type { AgentTokenView, DeploymentEventView } from "./schemas";
export { AGENT_MOVED_CHANNEL, agentMove } from "./agent-locations";
export type { AgentLocation } from "./agent-locations";
// The shell broker's calls (rest/ssh-broker): each forks its own EntityManager (ADR 069).
export { authenticateAgent, forgetAgent, forgetAgentsOfInstance, locateAgent, recordShellEvent, revokedAgentTokens, shellAccessFor, shellEnvironment, whereIsAgent } from "./broker-calls";
export { shellMigrations } from "./migrations";
