import type { RuleCaller } from "../members";
import { OAUTH_START } from "./error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { OAuthDoneMessage } from "./oauth/messages";
import { getConfig } from "../platform/config";
import { Integration, usesBroker } from "./catalog/entities";
import { checkStartInputs, OAuthStartError, startingTenant, type StartInputs } from "./oauth/start-checks";
import { storeResult } from "./oauth/results";
import { bindConnection, getConnection, listTenantConnections } from "./connection-service";

/**
 * The embed wizard `/connections/connect/{provider}` (issue 7 section 5), inside the SDK's
 * popup: the provider's card, the workspace's existing connections for it (choosing one
 * binds it to the flow's app and answers `svc:oauth:done` like a callback), and "Connect a
 * new account", which reopens the start with `internal=1` and the same query. Its query is
 * the start's and is checked by the same rules (`app_key`, `opener_origin`, `returnTo`).
 */

export interface WizardCaller {
  em: EntityManager;
  userId: string;
  preferredTenantId: string | null;
  clientAddress: string | null;
  /** The session's standing, for the workspace's two-step rule (ADR 049). */
  secondFactor: RuleCaller;
  /** The session's address and id, for "require single sign-on" (ADR 086). */
  email: string;
  sessionId: string | null;
}

async function wizardContext(caller: WizardCaller, provider: string, query: URLSearchParams) {
  const tenant = await startingTenant(caller.em, caller.userId, caller.preferredTenantId, caller.secondFactor, caller);
  const integration = await caller.em.findOne(Integration, { slug: provider, enabled: true });
  if (!integration) throw new OAuthStartError(OAUTH_START.PROVIDER_UNKNOWN);
  const inputs = await checkStartInputs(caller.em, query, tenant.tenantId, caller.clientAddress, provider);
  return { tenant, integration, inputs };
}

/** Where "Connect a new account" goes: the start of the provider's flow, `internal=1`, the query kept. */
function newAccountUrl(integration: Integration, query: URLSearchParams): string {
  const next = new URLSearchParams(query);
  next.set("internal", "1");
  const path = usesBroker(integration.oauthClientConfig)
    ? `/api/oauth/broker/${encodeURIComponent(integration.slug)}/start`
    : `/api/oauth/${encodeURIComponent(integration.slug)}/authorize`;
  return `${path}?${next.toString()}`;
}

export async function loadWizard(caller: WizardCaller, provider: string, query: URLSearchParams) {
  const { tenant, integration, inputs } = await wizardContext(caller, provider, query);
  const connections = inputs.appId ? await listTenantConnections(caller.em, tenant.tenantId, provider) : [];
  return {
    integration: { slug: integration.slug, name: integration.name, description: integration.description, logo: integration.logo },
    bindsApp: inputs.appId !== null,
    connections: connections.map((c) => ({ id: c.id, displayName: c.displayName, createdByEmail: c.createdByEmail, createdAt: c.createdAt, appNames: c.apps.map((a) => a.name) })),
    newAccountUrl: newAccountUrl(integration, query),
  };
}

export interface WizardDone {
  message: OAuthDoneMessage;
  targetOrigin: string;
  providerName: string;
}

function returnUrl(inputs: StartInputs): string | null {
  return inputs.returnTo ? new URL(inputs.returnTo, getConfig().baseUrl).toString() : null;
}

/** The picker's choice: binds the connection to the flow's app and builds the popup's done message. */
export async function bindFromWizard(caller: WizardCaller, provider: string, query: URLSearchParams, connectionId: string): Promise<WizardDone> {
  const { tenant, integration, inputs } = await wizardContext(caller, provider, query);
  if (!inputs.appId) throw new OAuthStartError(OAUTH_START.WIZARD_NEEDS_APP, "the wizard binds to an app: open it with embed=1 and app_key");
  // Only a connection of this workspace and this provider may be bound from this wizard.
  const chosen = /^[0-9a-f-]{36}$/i.test(connectionId) ? await getConnection(caller.em, tenant.tenantId, connectionId) : null;
  if (!chosen || chosen.provider !== provider) throw new OAuthStartError(OAUTH_START.WIZARD_CONNECTION_NOT_FOUND);
  const bound = await bindConnection(caller.em, { tenantId: tenant.tenantId, appId: inputs.appId, connectionId, userId: caller.userId });
  const message = {
    type: "svc:oauth:done" as const,
    provider,
    connection_id: bound.id,
    external_id: bound.externalId,
    display_name: bound.displayName,
    return_url: returnUrl(inputs),
    state: inputs.callerState,
  };
  if (inputs.sdkNonce) await storeResult(caller.em, inputs.sdkNonce, message);
  return { message, targetOrigin: inputs.openerOrigin, providerName: integration.name };
}
