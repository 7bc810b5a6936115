import { getConfig } from "../platform/config";

/**
 * A call to an upstream provider, bounded by EXTERNAL_PROVIDER_TIMEOUT_SECONDS. Its address
 * is the operator's setting (EXTERNAL_*_URL, or what the operator's issuer's discovery names),
 * never a user's input, so it does not go through the outbound guard (issue 31 item 5).
 */
export class UpstreamError extends Error {}

export async function upstreamJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const timeoutMs = getConfig().EXTERNAL_PROVIDER_TIMEOUT_SECONDS * 1000;
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    throw new UpstreamError(`${new URL(url).host}: ${error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable"}`);
  }
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new UpstreamError(`${new URL(url).host}: status ${response.status}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UpstreamError(`${new URL(url).host}: not JSON`);
  }
}

export function upstreamTimeoutMs(): number {
  return getConfig().EXTERNAL_PROVIDER_TIMEOUT_SECONDS * 1000;
}

/** The authorization code exchanged at a provider's token endpoint (client id and secret in the form); the provider's own `error` when it names no access token. */
export async function exchangeCodeAt(tokenUrl: string, client: { clientId: string; secret: string }, code: string, redirectUri: string): Promise<{ accessToken: string; refreshToken?: string }> {
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.secret });
  const answer = await upstreamJson<{ access_token?: string; refresh_token?: string; error?: string }>(tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  if (!answer.access_token) throw new UpstreamError(`token exchange refused: ${answer.error ?? "no access_token"}`);
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token };
}
