/**
 * The server's answer shapes the pages show (each area's zod output schema), for
 * app/lib/view-types.ts. Type-only, like trpc-types.server.ts: importers use `import type`,
 * so nothing from server/ reaches the client bundle.
 */
export type { DeploymentView } from "../../server/deployments";
export type { AgentTokenView, DeploymentEventView } from "../../server/shell";
export type { MembershipRole, TenantOutput } from "../../server/tenants";
export type { Profile } from "../../server/users";
export type { Capability } from "../../server/members";
export type { ConsentDetails } from "../../server/oauth-server";
export type { RegisteredClientView } from "../../server/oauth-server";
export type { AuthorizedApplication } from "../../server/oauth-server";
export type { SignedInSession } from "../../server/identity";
export type { AccountActivityEntry, AccountActivityPage } from "../../server/identity";
export type { WebhookDeliveryView, WebhookEndpointView } from "../../server/webhooks";
export type { WorkspaceDomainView } from "../../server/workspace-domains";
