import type { RuleCaller } from "../../members";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig, oauthClientCredentials } from "../../platform/config";
import { OAUTH_START } from "../error-codes";
import { Integration, usesBroker } from "../catalog/entities";
import { listTenantConnections } from "../connection-service";
import { currentKeyId } from "../credentials";
import { BrokerError, linkConnectedAccount } from "./broker-client";
import { authorizationRequest } from "./first-party";
import { checkStartInputs, OAuthStartError, startingTenant, type StartInputs } from "./start-checks";
import { callbackPath, newNonce, STATE_TTL_MS, stateSetCookies, type OAuthState } from "./state-cookie";

/**
 * The two starts of SPEC 4.1, beside their callbacks (callbacks.ts): `authorize` for the
 * first-party flow and the broker's `start`. Each runs the spec's checks in the table's order
 * and answers where the browser goes next, with the state cookies to set; a refusal is an
 * OAuthStartError the edge writes as `{ error, detail? }`.
 */

/** What the edge read from the navigation. */
export interface StartRequest {
  provider: string;
  /** The signed-in person, or null (401 `unauthorized`). */
  userId: string | null;
  preferredTenantId: string | null;
  /** The navigation's query, as received (`?...` or empty): passed on when redirecting. */
  search: string;
  clientAddress: string | null;
  /** The session's standing on the second factor, for the workspace's two-step rule (ADR 049). */
  secondFactor: RuleCaller;
  /** The session's address and id, for "require single sign-on" (ADR 086). */
  email: string;
  sessionId: string | null;
}

/** A 302 to `location`, setting `cookies`. */
export interface StartRedirect {
  location: string;
  cookies: string[];
}

/** Opened only once the person is known, so an anonymous navigation touches no database. */
type LazyEm = () => Promise<EntityManager>;

function newState(userId: string, tenantId: string, provider: string, flow: OAuthState["flow"], inputs: StartInputs, extra: Partial<OAuthState>): OAuthState {
  return {
    nonce: newNonce(),
    userId,
    tenantId,
    provider,
    flow,
    openerOrigin: inputs.openerOrigin,
    returnTo: inputs.returnTo,
    callerState: inputs.callerState,
    embed: inputs.embed,
    appId: inputs.appId,
    codeVerifier: null,
    authConfigId: null,
    sdkNonce: inputs.sdkNonce,
    reconnectId: inputs.reconnectId,
    switchAccount: inputs.switchAccount,
    expiresAt: Date.now() + STATE_TTL_MS,
    ...extra,
  };
}

function requireEncryptionKey(): void {
  try {
    currentKeyId();
  } catch {
    throw new OAuthStartError(OAUTH_START.ENCRYPTION_KEY_UNAVAILABLE);
  }
}

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** The query parameter with which an embedded first-party start asks to be offered the workspace's existing accounts first. */
export const OFFER_EXISTING = "offer_existing";

/** GET /api/oauth/{provider}/authorize: a broker provider is sent on to its start; the first-party one to its consent page. */
export async function startAuthorize(request: StartRequest, openEm: LazyEm): Promise<StartRedirect> {
  const { provider, userId } = request;
  if (!userId) throw new OAuthStartError(OAUTH_START.UNAUTHORIZED);
  const em = await openEm();
  const tenant = await startingTenant(em, userId, request.preferredTenantId, request.secondFactor, request);
  const integration = await em.findOne(Integration, { slug: provider, enabled: true });
  if (!integration) throw new OAuthStartError(OAUTH_START.PROVIDER_UNKNOWN);
  if (usesBroker(integration.oauthClientConfig)) return { location: `/api/oauth/broker/${encodeURIComponent(provider)}/start${request.search}`, cookies: [] };
  if (provider !== getConfig().FIRST_PARTY_PROVIDER) throw new OAuthStartError(OAUTH_START.PROVIDER_UNKNOWN);
  const config = integration.oauthClientConfig;
  if (!config.authorize_url || !config.token_url) throw new OAuthStartError(OAUTH_START.OAUTH_CLIENT_CONFIG_MISSING);
  requireEncryptionKey();
  const credentials = oauthClientCredentials(provider);
  if (!credentials.clientId) throw new OAuthStartError(OAUTH_START.CLIENT_ID_MISSING, undefined, `${credentials.clientIdVariable} missing`);
  const query = new URLSearchParams(request.search);
  const inputs = await checkStartInputs(em, query, tenant.tenantId, request.clientAddress, provider);
  // SPEC 4.1: the first-party authorize answers with the provider's consent page, embedded
  // or not (the wizard step belongs to the broker start alone). Offering the workspace's
  // existing account instead is an opt-in the caller asks for with `offer_existing=1`, a
  // parameter SPEC does not define (the SDK's `offerExisting`, ADR 063); the wizard's
  // "connect another" comes back with internal=1. A reconnect knows its connection already.
  if (
    query.get(OFFER_EXISTING) === "1" &&
    inputs.embed &&
    inputs.appId &&
    !inputs.reconnectId &&
    query.get("internal") !== "1" &&
    (await listTenantConnections(em, tenant.tenantId, provider)).length > 0
  ) {
    return { location: `/connections/connect/${encodeURIComponent(provider)}${request.search}`, cookies: [] };
  }
  const state = newState(userId, tenant.tenantId, provider, "first_party", inputs, {});
  const consent = await authorizationRequest(provider, config, state.nonce);
  state.codeVerifier = consent.codeVerifier;
  return { location: consent.url, cookies: stateSetCookies(state) };
}

/** GET /api/oauth/broker/{provider}/start: the broker's table; an embedded start shows the wizard first. */
export async function startBroker(request: StartRequest, openEm: LazyEm): Promise<StartRedirect> {
  const { provider, userId } = request;
  if (!userId) throw new OAuthStartError(OAUTH_START.UNAUTHORIZED);
  const em = await openEm();
  const integration = await em.findOne(Integration, { slug: provider, enabled: true });
  if (!integration || !usesBroker(integration.oauthClientConfig)) throw new OAuthStartError(OAUTH_START.PROVIDER_UNKNOWN);
  const tenant = await startingTenant(em, userId, request.preferredTenantId, request.secondFactor, request);
  const authConfigId = integration.oauthClientConfig.broker?.auth_config_id;
  if (typeof authConfigId !== "string" || !authConfigId) throw new OAuthStartError(OAUTH_START.BROKER_AUTH_CONFIG_MISSING);
  requireEncryptionKey();
  const query = new URLSearchParams(request.search);
  const inputs = await checkStartInputs(em, query, tenant.tenantId, request.clientAddress, provider);
  if (inputs.embed && !inputs.reconnectId && query.get("internal") !== "1") return { location: `/connections/connect/${encodeURIComponent(provider)}${request.search}`, cookies: [] };
  const state = newState(userId, tenant.tenantId, provider, "broker", inputs, { authConfigId });
  const callbackUrl = `${getConfig().baseUrl}${callbackPath("broker", provider)}?cstate=${state.nonce}`;
  let link;
  try {
    link = await linkConnectedAccount({ authConfigId, userId: tenant.tenantId, callbackUrl });
  } catch (error) {
    throw new OAuthStartError(OAUTH_START.BROKER_INITIATE_FAILED, error instanceof BrokerError ? error.message : "broker request failed");
  }
  if (!link.redirectUrl || !isWebUrl(link.redirectUrl)) throw new OAuthStartError(OAUTH_START.BROKER_NO_REDIRECT_URL);
  return { location: link.redirectUrl, cookies: stateSetCookies(state) };
}
