import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../../platform/config";
import { decryptSecret, encryptSecret } from "../../platform/crypto/secret-box";
import { findAppError } from "../../platform/errors";
import { OAUTH_CALLBACK, type ErrorCodeEntry } from "../../platform/error-codes";
import { log } from "../../platform/log";
import { Integration, usesBroker, type OAuthClientConfig } from "../catalog/entities";
import { createConnection, type ConnectionSummary } from "../connection-service";
import { currentKeyId, type StoredCredential } from "../credentials";
import type { ConnectionMetadata } from "../entities";
import { can } from "../../members";
import type { MembershipRole } from "../../tenants";
import { BrokerError, brokerAccountLabel, getConnectedAccount } from "./broker-client";
import { CallbackFailure, DETAILS, providerErrorCode, type CallbackOutcome } from "./callback-outcome";
import { accountLabel, discoverItems, exchangeCode, ExchangeError, type DiscoveryItem } from "./first-party";
import { storeResult } from "./results";
import { consumeNonce, parkPending, takePending } from "./state-ledger";
import { isNonce, readState, stateClearCookies, stateCookieName, STATE_TTL_MS, type OAuthFlow, type OAuthState } from "./state-cookie";

const fail = (failure: ErrorCodeEntry, detail = DETAILS[failure.code] ?? failure.code) => new CallbackFailure(failure.status, failure.code, detail);
/** The provider's or broker's own `?error=` value is the code (OAUTH_CALLBACK.PROVIDER_REFUSED). */
const refused = (value: string, detail: string) => new CallbackFailure(OAUTH_CALLBACK.PROVIDER_REFUSED.status, providerErrorCode(value), detail);
const ownOrigin = () => new URL(getConfig().baseUrl).origin;
const returnUrl = (state: OAuthState) => (state.returnTo ? `${getConfig().baseUrl}${state.returnTo}` : null);

type CookieReader = (name: string) => string | undefined;

async function integrationOf(em: EntityManager, provider: string): Promise<Integration | null> {
  return em.findOne(Integration, { slug: provider });
}

/** The catalog row of the one supported first-party provider, or `provider_unknown`. */
async function firstPartyIntegration(em: EntityManager, provider: string): Promise<Integration> {
  const integration = await integrationOf(em, provider);
  if (!integration || usesBroker(integration.oauthClientConfig) || provider !== getConfig().FIRST_PARTY_PROVIDER) throw fail(OAUTH_CALLBACK.PROVIDER_UNKNOWN);
  return integration;
}

/** Whether the person who started the flow may still connect in that workspace. */
async function stillMember(em: EntityManager, state: OAuthState): Promise<boolean> {
  const rows = await em.execute<{ role: MembershipRole }[]>(`select role from tenant_memberships where tenant_id = ? and user_id = ?`, [
    state.tenantId,
    state.userId,
  ]);
  return !!rows[0] && can(rows[0].role, "connections.manage");
}

/**
 * Verifies the signed cookie of `nonce` and consumes the nonce (exactly one caller wins);
 * anything else is `oauth_state_invalid`.
 */
async function consumeState(em: EntityManager, cookies: CookieReader, nonce: string, flow: OAuthFlow, provider: string): Promise<OAuthState> {
  const state = readState(cookies(stateCookieName(nonce)), nonce, flow, provider);
  if (!state) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
  if (!(await consumeNonce(em, nonce, new Date(state.expiresAt + STATE_TTL_MS)))) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
  if (!(await stillMember(em, state))) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
  return state;
}

function requireKey(): void {
  try {
    currentKeyId();
  } catch {
    throw fail(OAUTH_CALLBACK.ENCRYPTION_KEY_UNAVAILABLE);
  }
}

/** Inserts (and for embed flows binds) the connection; failures become the SPEC's codes. */
async function saveConnection(
  em: EntityManager,
  state: OAuthState,
  input: { displayName: string; profile: "first_party" | "broker_managed"; credential: StoredCredential | null; metadata: ConnectionMetadata },
): Promise<ConnectionSummary> {
  try {
    return await createConnection(
      em,
      { tenantId: state.tenantId, provider: state.provider, createdBy: state.userId, ...input },
      state.embed && state.appId ? { appId: state.appId } : null,
    );
  } catch (error) {
    if (findAppError(error)?.code === "ENCRYPTION_KEY_UNAVAILABLE") throw fail(OAUTH_CALLBACK.ENCRYPTION_KEY_UNAVAILABLE);
    log.error("connection insert failed", { provider: state.provider, error });
    throw fail(OAUTH_CALLBACK.DB_INSERT_FAILED);
  }
}

async function finish(em: EntityManager, state: OAuthState, connection: ConnectionSummary, providerName: string): Promise<CallbackOutcome> {
  const message = {
    type: "svc:oauth:done" as const,
    provider: state.provider,
    connection_id: connection.id,
    external_id: connection.externalId,
    display_name: connection.displayName,
    return_url: returnUrl(state),
    state: state.callerState,
  };
  if (state.sdkNonce) await storeResult(em, state.sdkNonce, message);
  return { kind: "done", targetOrigin: state.openerOrigin, message, providerName, clearCookies: stateClearCookies(state.flow, state.provider, state.nonce) };
}

/**
 * Turns a failure into the error outcome. With a verified state the message goes to the
 * flow's opener origin (and to the SDK's result store); without one, only to our own origin.
 */
async function failed(em: EntityManager, error: unknown, state: OAuthState | null, flow: OAuthFlow, provider: string, nonce: string | null): Promise<CallbackOutcome> {
  if (!(error instanceof CallbackFailure)) throw error;
  const message = { type: "svc:oauth:error" as const, code: error.code, detail: error.detail, state: state?.callerState ?? null };
  if (state?.sdkNonce) await storeResult(em, state.sdkNonce, message).catch(() => undefined);
  return {
    kind: "error",
    status: error.status,
    targetOrigin: state?.openerOrigin ?? ownOrigin(),
    message,
    clearCookies: state && nonce ? stateClearCookies(flow, provider, nonce) : [],
  };
}

interface PendingPick {
  credential: StoredCredential;
  items: DiscoveryItem[];
  displayName: string;
}

/** GET /api/oauth/{provider}/callback (SPEC 4.1), first-party. */
export async function firstPartyCallback(em: EntityManager, provider: string, query: URLSearchParams, cookies: CookieReader): Promise<CallbackOutcome> {
  let state: OAuthState | null = null;
  const nonce = query.get("state");
  try {
    const integration = await firstPartyIntegration(em, provider);
    if (!nonce || (!query.get("code") && !query.get("error"))) throw fail(OAUTH_CALLBACK.MISSING_PARAMS);
    if (!isNonce(nonce)) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
    state = await consumeState(em, cookies, nonce, "first_party", provider);
    const providerError = query.get("error");
    if (providerError) throw refused(providerError, (query.get("error_description") ?? "The provider refused the connection.").slice(0, 300));
    requireKey();
    const config = integration.oauthClientConfig;
    let credential: StoredCredential;
    try {
      credential = await exchangeCode(provider, config, query, { codeVerifier: state.codeVerifier ?? "", nonce });
    } catch (error) {
      throw fail(OAUTH_CALLBACK.OAUTH_EXCHANGE_FAILED, error instanceof ExchangeError ? error.message : "token request failed");
    }
    const displayName = (await accountLabel(config, credential.access_token)) ?? integration.name;
    let context: Record<string, string> | undefined;
    if (config.discovery?.url) {
      let items: DiscoveryItem[];
      try {
        items = await discoverItems(config, credential.access_token);
      } catch (error) {
        throw fail(OAUTH_CALLBACK.OAUTH_EXCHANGE_FAILED, `discovery failed: ${error instanceof Error ? error.message : "unknown error"}`);
      }
      if (items.length > 1) {
        const pending: PendingPick = { credential, items, displayName };
        await parkPending(em, nonce, encryptSecret(JSON.stringify(pending)));
        return { kind: "picker", nonce, providerName: integration.name, items };
      }
      if (items.length === 1) context = { [config.discovery.context_key]: items[0]!.id };
    }
    return await completeFirstParty(em, state, integration, credential, displayName, context);
  } catch (error) {
    return failed(em, error, state, "first_party", provider, nonce);
  }
}

async function completeFirstParty(
  em: EntityManager,
  state: OAuthState,
  integration: Integration,
  credential: StoredCredential,
  displayName: string,
  context: Record<string, string> | undefined,
): Promise<CallbackOutcome> {
  const metadata: ConnectionMetadata = context ? { context: { [state.provider]: context } } : {};
  const connection = await saveConnection(em, state, { displayName, profile: "first_party", credential, metadata });
  return finish(em, state, connection, integration.name);
}

/**
 * POST /api/oauth/{provider}/callback: the picker's choice. The state cookie must still
 * verify and the parked token set is taken once; an unknown choice shows the list again.
 */
export async function firstPartyPick(em: EntityManager, provider: string, form: URLSearchParams, cookies: CookieReader): Promise<CallbackOutcome> {
  let state: OAuthState | null = null;
  const nonce = form.get("state");
  try {
    const integration = await firstPartyIntegration(em, provider);
    if (!nonce || !form.get("choice")) throw fail(OAUTH_CALLBACK.MISSING_PARAMS);
    if (!isNonce(nonce)) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
    state = readState(cookies(stateCookieName(nonce)), nonce, "first_party", provider);
    if (!state) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
    const parked = await takePending(em, nonce);
    if (!parked) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
    const pending = JSON.parse(decryptSecret(parked)) as PendingPick;
    const chosen = pending.items.find((item) => item.id === form.get("choice"));
    if (!chosen) {
      await parkPending(em, nonce, parked);
      return { kind: "picker", nonce, providerName: integration.name, items: pending.items };
    }
    const config: OAuthClientConfig = integration.oauthClientConfig;
    return await completeFirstParty(em, state, integration, pending.credential, pending.displayName, { [config.discovery!.context_key]: chosen.id });
  } catch (error) {
    return failed(em, error, state, "first_party", provider, nonce);
  }
}

/** GET /api/oauth/broker/{provider}/callback (SPEC 4.1). */
export async function brokerCallback(em: EntityManager, provider: string, query: URLSearchParams, cookies: CookieReader): Promise<CallbackOutcome> {
  let state: OAuthState | null = null;
  const nonce = query.get("cstate");
  try {
    const integration = await integrationOf(em, provider);
    if (!integration || !usesBroker(integration.oauthClientConfig)) throw fail(OAUTH_CALLBACK.PROVIDER_UNKNOWN);
    if (!nonce) throw fail(OAUTH_CALLBACK.MISSING_CSTATE);
    if (!isNonce(nonce)) throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
    state = await consumeState(em, cookies, nonce, "broker", provider);
    const brokerError = query.get("error");
    if (brokerError) throw refused(brokerError, (query.get("error_description") ?? query.get("message") ?? "The broker refused the connection.").slice(0, 300));
    const accountId = query.get("connected_account_id");
    if (!accountId) throw fail(OAUTH_CALLBACK.MISSING_BROKER_ACCOUNT_ID);
    requireKey();
    let account;
    try {
      account = await getConnectedAccount(accountId);
    } catch (error) {
      throw fail(OAUTH_CALLBACK.BROKER_GET_FAILED, error instanceof BrokerError ? error.message : "broker request failed");
    }
    // The account must be the one this flow started: this tenant, this auth config.
    if (account.id !== accountId || account.user_id !== state.tenantId || (account.auth_config?.id ?? null) !== state.authConfigId) {
      throw fail(OAUTH_CALLBACK.OAUTH_STATE_INVALID);
    }
    if (account.status !== "ACTIVE") throw fail(OAUTH_CALLBACK.BROKER_NOT_ACTIVE, `The broker says the account is ${String(account.status).slice(0, 40)}.`);
    const config = integration.oauthClientConfig;
    const connection = await saveConnection(em, state, {
      displayName: brokerAccountLabel(account) ?? `${integration.name} account`,
      profile: "broker_managed",
      credential: null,
      metadata: {
        broker_account_id: account.id,
        broker_toolkit_slug: account.toolkit?.slug ?? config.broker?.toolkit_slug ?? provider,
      },
    });
    return await finish(em, state, connection, integration.name);
  } catch (error) {
    return failed(em, error, state, "broker", provider, nonce);
  }
}
