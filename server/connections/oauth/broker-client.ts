import { getConfig } from "../../platform/config";

/**
 * The OAuth broker's v3 REST contract (Composio): link, get, delete and the proxy.
 * Every call has a time limit (BROKER_TIMEOUT_SECONDS, 10 s unless set); failures are
 * `BrokerError`s whose message is safe to show (it never holds the API key).
 */

export class BrokerError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "BrokerError";
  }
}

export interface BrokerConnectedAccount {
  id: string;
  status: string;
  user_id?: string;
  auth_config?: { id?: string; [k: string]: unknown };
  toolkit?: { slug?: string; [k: string]: unknown };
  data?: Record<string, unknown>;
  state?: { val?: Record<string, unknown>; [k: string]: unknown };
  params?: Record<string, unknown>;
  [k: string]: unknown;
}

function apiKey(): string {
  const key = getConfig().BROKER_API_KEY;
  if (!key) throw new BrokerError("BROKER_API_KEY is not set");
  return key;
}

async function call(method: string, path: string, body?: unknown, timeoutMs = getConfig().BROKER_TIMEOUT_SECONDS * 1000): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { "x-api-key": apiKey(), accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`${getConfig().brokerApiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") throw new BrokerError(`broker did not answer within ${timeoutMs / 1000} s`);
    throw new BrokerError(`broker unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw new BrokerError(`broker answered ${response.status}${describeError(json)}`, response.status);
  return { status: response.status, json };
}

/** The broker's own error message, short and without anything it echoed of our request. */
function describeError(json: unknown): string {
  if (!json || typeof json !== "object") return "";
  const error = (json as { error?: unknown; message?: unknown }).error ?? (json as { message?: unknown }).message;
  const text = typeof error === "string" ? error : typeof error === "object" && error ? String((error as { message?: unknown }).message ?? "") : "";
  return text ? `: ${text.slice(0, 200)}` : "";
}

/** `POST /api/v3/connected_accounts/link`: the hosted consent URL for a new connected account. */
export async function linkConnectedAccount(input: {
  authConfigId: string;
  userId: string;
  callbackUrl: string;
}): Promise<{ redirectUrl: string | null; connectedAccountId: string | null }> {
  const { json } = await call("POST", "/api/v3/connected_accounts/link", {
    auth_config_id: input.authConfigId,
    user_id: input.userId,
    callback_url: input.callbackUrl,
  });
  const answer = (json ?? {}) as { redirect_url?: unknown; connected_account_id?: unknown };
  return {
    redirectUrl: typeof answer.redirect_url === "string" && answer.redirect_url ? answer.redirect_url : null,
    connectedAccountId: typeof answer.connected_account_id === "string" ? answer.connected_account_id : null,
  };
}

export async function getConnectedAccount(id: string): Promise<BrokerConnectedAccount> {
  const { json } = await call("GET", `/api/v3/connected_accounts/${encodeURIComponent(id)}`);
  if (!json || typeof json !== "object") throw new BrokerError("broker answered without an account");
  return json as BrokerConnectedAccount;
}

/** Deletes at the broker; an account the broker no longer knows (404) counts as deleted. */
export async function deleteConnectedAccount(id: string): Promise<void> {
  try {
    await call("DELETE", `/api/v3/connected_accounts/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof BrokerError && error.status === 404) return;
    throw error;
  }
}

/** `POST /api/v3/tools/execute/proxy`, for the provider proxy of broker connections (a longer timeout: it waits on the provider). */
export async function brokerProxy(input: {
  endpoint: string;
  method: string;
  connectedAccountId: string;
  body?: unknown;
  timeoutMs: number;
}): Promise<{ status: number; json: unknown }> {
  const body = { endpoint: input.endpoint, method: input.method, connected_account_id: input.connectedAccountId, ...(input.body === undefined ? {} : { body: input.body }) };
  return call("POST", "/api/v3/tools/execute/proxy", body, input.timeoutMs);
}

const LABEL_FIELDS = ["email", "user_email", "login", "username", "name", "display_name", "team_name", "workspace_name"];

/**
 * A label of the account for `display_name`: an email or a name found in the broker's
 * account data (its `data`, `state.val` or `params`), else null.
 */
export function brokerAccountLabel(account: BrokerConnectedAccount): string | null {
  const sources = [account.data, account.state?.val, account.params, account].filter((s): s is Record<string, unknown> => !!s && typeof s === "object");
  for (const field of LABEL_FIELDS) {
    for (const source of sources) {
      const value = source[field];
      if (typeof value === "string" && value.trim()) return value.trim().slice(0, 200);
    }
  }
  return null;
}
