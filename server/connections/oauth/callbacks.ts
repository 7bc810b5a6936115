import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../../platform/config";
import { decryptSecret, encryptSecret } from "../../platform/crypto/secret-box";
import { findAppError } from "../../platform/errors";
import type { ErrorCodeEntry } from "../../platform/error-codes";
import { OAUTH_CALLBACK } from "../error-codes";
import { log } from "../../platform/log";
import { Integration, usesBroker, type OAuthClientConfig } from "../catalog/entities";
import { createConnection, getConnection, type ConnectionSummary } from "../connection-service";
import { AccountHeldElsewhere, connectionOfAccount, ReconnectTargetGone, updateConnectionInPlace, type InPlaceUpdate } from "../reconnect";
import { currentKeyId, type StoredCredential } from "../credentials";
import type { ConnectionMetadata } from "../entities";
import { can } from "../../members";
import type { MembershipRole } from "../../tenants";
import { BrokerError, brokerAccountLabel, deleteConnectedAccount, getConnectedAccount } from "./broker-client";
import { CallbackFailure, DETAILS, providerErrorCode, type CallbackOutcome } from "./callback-outcome";
import { accountOf, discoverItems, exchangeCode, ExchangeError, type DiscoveryItem, type ProviderAccount } from "./first-party";
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
  input: { displayName: string; profile: "first_party" | "broker_managed"; credential: StoredCredential | null; metadata: ConnectionMetadata; accountId?: string | null },
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

/** Updates the row in place (a reconnect, or the same account connected again); failures become the popup's codes. */
async function saveInPlace(em: EntityManager, state: OAuthState, update: Omit<InPlaceUpdate, "tenantId" | "bindTo">): Promise<{ connection: ConnectionSummary; previous: ConnectionSummary }> {
  try {
    return await updateConnectionInPlace(em, { ...update, tenantId: state.tenantId, bindTo: state.embed && state.appId ? { appId: state.appId, userId: state.userId } : null });
  } catch (error) {
    if (error instanceof ReconnectTargetGone) throw fail(OAUTH_CALLBACK.RECONNECT_TARGET_GONE, "The connection was disconnected meanwhile; connect the account again.");
    if (error instanceof AccountHeldElsewhere) {
      throw fail(OAUTH_CALLBACK.ACCOUNT_ALREADY_CONNECTED, `That account is already connected in this workspace as ${error.holder.displayName}; reconnect that connection instead.`);
    }
    if (findAppError(error)?.code === "ENCRYPTION_KEY_UNAVAILABLE") throw fail(OAUTH_CALLBACK.ENCRYPTION_KEY_UNAVAILABLE);
    log.error("connection update failed", { provider: state.provider, error });
    throw fail(OAUTH_CALLBACK.DB_INSERT_FAILED);
  }
}

/** The connection a reconnect updates, still there, or `connection_not_found`. */
async function reconnectTarget(em: EntityManager, state: OAuthState): Promise<ConnectionSummary> {
  const connection = await getConnection(em, state.tenantId, state.reconnectId!);
  if (!connection || connection.provider !== state.provider) throw fail(OAUTH_CALLBACK.RECONNECT_TARGET_GONE, "The connection was disconnected meanwhile; connect the account again.");
  return connection;
}

/**
 * `reconnect_account_mismatch`: the person signed in to another account than the
 * connection's (both ids known), and did not confirm switching (`switch_account=1`).
 */
function requireSameAccount(state: OAuthState, connection: ConnectionSummary, account: ProviderAccount, providerName: string): void {
  if (state.switchAccount || !connection.accountId || !account.id || connection.accountId === account.id) return;
  throw fail(
    OAUTH_CALLBACK.RECONNECT_ACCOUNT_MISMATCH,
    `You signed in to ${providerName} as ${account.label ?? account.id}, but this connection is ${connection.displayName}. ` +
      "Sign in with that account, or confirm switching this connection to the other account.",
  );
}

async function finish(em: EntityManager, state: OAuthState, connection: ConnectionSummary, providerName: string, reconnected = false): Promise<CallbackOutcome> {
  const message = {
    type: "svc:oauth:done" as const,
    provider: state.provider,
    connection_id: connection.id,
    external_id: connection.externalId,
    display_name: connection.displayName,
    return_url: returnUrl(state),
    state: state.callerState,
    // A reconnect (or the same account connected again) updated an existing connection.
    ...(reconnected ? { reconnected: true as const } : {}),
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
  accountId?: string | null;
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
    const account = await accountOf(config, credential.access_token);
    const displayName = account.label ?? integration.name;
    if (state.reconnectId) {
      // A reconnect keeps the connection's context (what its bound apps were told): no discovery.
      const target = await reconnectTarget(em, state);
      requireSameAccount(state, target, account, integration.name);
      const switched = !!account.id && !!target.accountId && account.id !== target.accountId;
      const { connection } = await saveInPlace(em, state, { connectionId: target.id, credential, accountId: account.id, displayName: switched ? displayName : null, metadata: {} });
      return await finish(em, state, connection, integration.name, true);
    }
    let context: Record<string, string> | undefined;
    if (config.discovery?.url) {
      let items: DiscoveryItem[];
      try {
        items = await discoverItems(config, credential.access_token);
      } catch (error) {
        throw fail(OAUTH_CALLBACK.OAUTH_EXCHANGE_FAILED, `discovery failed: ${error instanceof Error ? error.message : "unknown error"}`);
      }
      if (items.length > 1) {
        const pending: PendingPick = { credential, items, displayName, accountId: account.id };
        await parkPending(em, nonce, encryptSecret(JSON.stringify(pending)));
        return { kind: "picker", nonce, providerName: integration.name, items };
      }
      if (items.length === 1) context = { [config.discovery.context_key]: items[0]!.id };
    }
    return await completeFirstParty(em, state, integration, credential, { label: displayName, id: account.id }, context);
  } catch (error) {
    return failed(em, error, state, "first_party", provider, nonce);
  }
}

async function completeFirstParty(
  em: EntityManager,
  state: OAuthState,
  integration: Integration,
  credential: StoredCredential,
  account: { label: string; id: string | null },
  context: Record<string, string> | undefined,
): Promise<CallbackOutcome> {
  const metadata: ConnectionMetadata = context ? { context: { [state.provider]: context } } : {};
  // The same provider account connected again: its connection is updated, not duplicated (issue 19).
  const existing = account.id ? await connectionOfAccount(em, state.tenantId, state.provider, account.id) : null;
  if (existing) {
    const { connection } = await saveInPlace(em, state, { connectionId: existing.id, credential, accountId: account.id, displayName: null, metadata });
    return finish(em, state, connection, integration.name, true);
  }
  const connection = await saveConnection(em, state, { displayName: account.label, profile: "first_party", credential, metadata, accountId: account.id });
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
    return await completeFirstParty(em, state, integration, pending.credential, { label: pending.displayName, id: pending.accountId ?? null }, { [config.discovery!.context_key]: chosen.id });
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
    const metadata = { broker_account_id: account.id, broker_toolkit_slug: account.toolkit?.slug ?? config.broker?.toolkit_slug ?? provider };
    if (state.reconnectId) {
      // The broker made a new connected account: the connection now names it, and the old one goes.
      const target = await reconnectTarget(em, state);
      const { connection, previous } = await saveInPlace(em, state, { connectionId: target.id, credential: null, accountId: null, displayName: null, metadata });
      const old = previous.metadata.broker_account_id;
      if (old && old !== account.id) await deleteConnectedAccount(old).catch((error) => log.warn("old broker account not deleted", { provider, message: (error as Error).message }));
      return await finish(em, state, connection, integration.name, true);
    }
    const connection = await saveConnection(em, state, {
      displayName: brokerAccountLabel(account) ?? `${integration.name} account`,
      profile: "broker_managed",
      credential: null,
      metadata,
    });
    return await finish(em, state, connection, integration.name);
  } catch (error) {
    return failed(em, error, state, "broker", provider, nonce);
  }
}
