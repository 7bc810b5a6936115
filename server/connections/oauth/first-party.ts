import * as oidc from "openid-client";
import { getConfig, oauthClientCredentials } from "../../platform/config";
import type { OAuthClientConfig } from "../catalog/entities";
import type { StoredCredential } from "../credentials";

/**
 * The first-party OAuth client (issue 7 section 3): authorization code with PKCE S256,
 * the client secret at the token endpoint (HTTP Basic), redirect URI
 * `{BASE_URL}/api/oauth/{provider}/callback`, through `openid-client`.
 */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Plain http is accepted for loopback providers only (the test fakes), never elsewhere. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
}

export function redirectUri(provider: string): string {
  return `${getConfig().baseUrl}/api/oauth/${encodeURIComponent(provider)}/callback`;
}

function clientConfiguration(provider: string, config: OAuthClientConfig): oidc.Configuration {
  const { clientId, clientSecret } = oauthClientCredentials(provider);
  const server: oidc.ServerMetadata = {
    issuer: new URL(config.authorize_url!).origin,
    authorization_endpoint: config.authorize_url!,
    token_endpoint: config.token_url!,
  };
  const configuration = new oidc.Configuration(server, clientId!, undefined, oidc.ClientSecretBasic(clientSecret ?? ""));
  configuration[oidc.customFetch] = (url, options) => fetch(url, { ...(options as RequestInit), signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  if (isLoopback(config.authorize_url!) && isLoopback(config.token_url!)) oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** The provider's authorize URL for a new flow, and the PKCE verifier to keep in the state. */
export async function authorizationRequest(
  provider: string,
  config: OAuthClientConfig,
  nonce: string,
): Promise<{ url: string; codeVerifier: string }> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri(provider),
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state: nonce,
  };
  if (Array.isArray(config.scopes) && config.scopes.length > 0) parameters.scope = config.scopes.join(" ");
  return { url: oidc.buildAuthorizationUrl(clientConfiguration(provider, config), parameters).href, codeVerifier };
}

/**
 * Why a token request failed, for the health states (issue 19): the provider refused the
 * grant (`invalid_grant`: a person must connect again), the provider or the network failed
 * for now (`transient`: worth retrying), or it refused for another reason (`refused`).
 */
export type ExchangeFailureKind = "invalid_grant" | "transient" | "refused";

/** An exchange that failed: `detail` is the provider's error, never a secret of ours. */
export class ExchangeError extends Error {
  constructor(
    message: string,
    readonly kind: ExchangeFailureKind = "refused",
  ) {
    super(message);
  }
}

function failureKind(error: unknown): ExchangeFailureKind {
  if (error instanceof oidc.ResponseBodyError) {
    if (error.status >= 500) return "transient";
    return error.error === "invalid_grant" ? "invalid_grant" : "refused";
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError) return "refused";
  // A non-OAuth answer (a gateway's 502 page, say) comes as the Response in `cause`.
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof Response) return cause.status >= 500 || cause.status === 429 ? "transient" : "refused";
  // No answer at all: refused connection, DNS, timeout.
  return "transient";
}

function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) {
    return [error.error, error.error_description].filter(Boolean).join(": ").slice(0, 300) || `status ${error.status}`;
  }
  const e = error as Error & { cause?: unknown };
  if (e?.name === "TimeoutError") return `the provider did not answer within ${PROVIDER_TIMEOUT_MS / 1000} s`;
  return (e?.message ?? "token request failed").slice(0, 300);
}

function toCredential(tokens: oidc.TokenEndpointResponse): StoredCredential {
  const credential: StoredCredential = { access_token: tokens.access_token, token_type: tokens.token_type };
  if (tokens.refresh_token) credential.refresh_token = tokens.refresh_token;
  if (tokens.scope) credential.scope = tokens.scope;
  if (typeof tokens.expires_in === "number") credential.expires_at = Math.floor(Date.now() / 1000) + tokens.expires_in;
  return credential;
}

/** Exchanges the callback's code (with the verifier) for the token set. */
export async function exchangeCode(
  provider: string,
  config: OAuthClientConfig,
  callbackQuery: URLSearchParams,
  checks: { codeVerifier: string; nonce: string },
): Promise<StoredCredential> {
  const currentUrl = new URL(redirectUri(provider));
  for (const [name, value] of callbackQuery) currentUrl.searchParams.append(name, value);
  try {
    const tokens = await oidc.authorizationCodeGrant(clientConfiguration(provider, config), currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.nonce,
    });
    return toCredential(tokens);
  } catch (error) {
    throw new ExchangeError(describe(error));
  }
}

/** A refreshed token set (the refresh token kept when the provider does not rotate it). */
export async function refreshCredential(provider: string, config: OAuthClientConfig, current: StoredCredential): Promise<StoredCredential> {
  if (!current.refresh_token) throw new ExchangeError("no refresh token", "invalid_grant");
  try {
    const tokens = await oidc.refreshTokenGrant(clientConfiguration(provider, config), current.refresh_token);
    const next = toCredential(tokens);
    next.refresh_token ??= current.refresh_token;
    return next;
  } catch (error) {
    throw new ExchangeError(describe(error), failureKind(error));
  }
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new ExchangeError(`${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

const asString = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : null);

/** The connected account as the provider describes it: its label (email, organisation name) and its id. */
export interface ProviderAccount {
  label: string | null;
  id: string | null;
}

/**
 * The account from the catalog's `account` block: `label_field` and `id_field` (default
 * `id`) of the answer (or of its first item). Either is null when the block, the field or
 * the answer is missing: an account the provider will not describe is still connected.
 */
export async function accountOf(config: OAuthClientConfig, accessToken: string): Promise<ProviderAccount> {
  if (!config.account?.url) return { label: null, id: null };
  try {
    const answer = await getJson(config.account.url, accessToken);
    const first = Array.isArray(answer) ? answer[0] : answer;
    const record = first && typeof first === "object" ? (first as Record<string, unknown>) : {};
    const label = config.account.label_field ? asString(record[config.account.label_field])?.trim() : null;
    const id = asString(record[config.account.id_field || "id"])?.trim();
    return { label: label ? label.slice(0, 200) : null, id: id ? id.slice(0, 200) : null };
  } catch {
    return { label: null, id: null };
  }
}

export interface DiscoveryItem {
  id: string;
  label: string;
}

/** The discovery list (`[{ <id_field>, <label_field> }]`, or `{ items|data: [...] }`). */
export async function discoverItems(config: OAuthClientConfig, accessToken: string): Promise<DiscoveryItem[]> {
  const discovery = config.discovery!;
  const answer = await getJson(discovery.url, accessToken);
  const list = Array.isArray(answer) ? answer : ((answer as { items?: unknown; data?: unknown })?.items ?? (answer as { data?: unknown })?.data);
  if (!Array.isArray(list)) throw new ExchangeError("discovery answered without a list");
  const items: DiscoveryItem[] = [];
  for (const entry of list.slice(0, 500)) {
    if (!entry || typeof entry !== "object") continue;
    const id = asString((entry as Record<string, unknown>)[discovery.id_field]);
    if (!id) continue;
    const label = (discovery.label_field ? asString((entry as Record<string, unknown>)[discovery.label_field]) : null) ?? id;
    items.push({ id, label: label.slice(0, 200) });
  }
  return items;
}
