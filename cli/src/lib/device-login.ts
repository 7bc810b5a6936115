import { unreachable } from "./api.js";
import { CliError } from "./errors.js";
import type { LoginPayload } from "./loopback-listener.js";

/**
 * `svc login --device` (issue 15, docs/decisions/051): the device authorization grant
 * (RFC 8628) with the service's own CLI client, for a machine without a browser. svc asks
 * for a code, the person approves it at `{apiBase}/device` on any device, svc polls the
 * token endpoint as section 3.5 says (never sooner than `interval`, 5 seconds slower after
 * each `slow_down`), then trades the access token for an `svc_sk_` key.
 */

/** The client the service declares for svc (server/oauth-server/oauth-clients/cli-client.ts). */
export const CLI_CLIENT_ID = "svc-cli";
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const REQUEST_TIMEOUT_MS = 30_000;

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  /** Seconds between polls. */
  interval: number;
  /** Seconds the code lives. */
  expiresIn: number;
}

export const DENIED = "The login was denied in the browser. Nothing was saved.";
export const EXPIRED = "The code expired before anyone approved it. Nothing was saved; run svc login --device again.";
export const NO_TENANT =
  "The account that approved the code belongs to no workspace yet. Create one on the dashboard (or accept an invitation), then run svc login --device again.";

async function post(apiBase: string, path: string, init: { form?: Record<string, string>; bearer?: string }): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const headers: Record<string, string> = { accept: "application/json", "user-agent": "svc-cli" };
  if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: "POST",
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (cause) {
    throw unreachable(apiBase, cause);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body: body && typeof body === "object" && !Array.isArray(body) ? body : null };
}

/** One line for an answer svc did not expect, quoting what the service said. */
function unexpected(apiBase: string, what: string, status: number, body: Record<string, unknown> | null): CliError {
  const said = [body?.error_description, body?.message, body?.error].find((value) => typeof value === "string");
  return new CliError(`${apiBase} refused ${what} (HTTP ${status}${said ? `: ${said}` : ""})`);
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const seconds = (value: unknown, fallback: number): number => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback);

/** RFC 8628 3.1-3.2: a device code and the code the person types. */
export async function requestDeviceCode(apiBase: string): Promise<DeviceCode> {
  const { status, body } = await post(apiBase, "/auth/v1/oauth/device/code", { form: { client_id: CLI_CLIENT_ID, scope: "openid email" } });
  const deviceCode = text(body?.device_code);
  const userCode = text(body?.user_code);
  const verificationUri = text(body?.verification_uri);
  if (status !== 200 || !deviceCode || !userCode || !verificationUri) throw unexpected(apiBase, "the device login", status, body);
  return {
    deviceCode,
    userCode,
    verificationUri,
    verificationUriComplete: text(body?.verification_uri_complete),
    interval: seconds(body?.interval, 5),
    expiresIn: seconds(body?.expires_in, 600),
  };
}

export type PollOutcome = { kind: "approved"; accessToken: string } | { kind: "denied" } | { kind: "expired" } | { kind: "interrupted" };

/**
 * Polls until the person approves or denies, the code expires, or `signal` aborts (Ctrl-C).
 * Waits `interval` before every poll, and 5 seconds more after each `slow_down`.
 */
export async function pollForToken(apiBase: string, code: DeviceCode, signal: AbortSignal): Promise<PollOutcome> {
  const deadline = Date.now() + code.expiresIn * 1000;
  let interval = code.interval;
  for (;;) {
    if (!(await pause(interval * 1000, signal))) return { kind: "interrupted" };
    if (Date.now() >= deadline) return { kind: "expired" };
    const { status, body } = await post(apiBase, "/auth/v1/oauth/token", { form: { grant_type: DEVICE_GRANT, device_code: code.deviceCode, client_id: CLI_CLIENT_ID } });
    if (signal.aborted) return { kind: "interrupted" };
    const accessToken = text(body?.access_token);
    if (status === 200 && accessToken) return { kind: "approved", accessToken };
    switch (body?.error) {
      case "authorization_pending":
        continue;
      case "slow_down":
        interval += 5;
        continue;
      case "access_denied":
        return { kind: "denied" };
      // An expired code, or one the service has since forgotten (swept after expiry).
      case "expired_token":
      case "invalid_grant":
        return { kind: "expired" };
      default:
        throw unexpected(apiBase, "the device login", status, body);
    }
  }
}

/** The approval's access token traded for the CLI key (`POST /api/dev/device-key`). */
export async function tradeForKey(apiBase: string, accessToken: string): Promise<LoginPayload> {
  const { status, body } = await post(apiBase, "/api/dev/device-key", { bearer: accessToken });
  if (status === 404 && body?.message === "No workspace") throw new CliError(NO_TENANT);
  const apiKey = text(body?.apiKey);
  const tenantId = text(body?.tenantId);
  if (status !== 200 || !apiKey?.startsWith("svc_sk_") || !tenantId) throw unexpected(apiBase, "to issue the CLI key", status, body);
  return { apiKey, tenantId, appId: text(body?.appId), email: text(body?.email), issuedAt: text(body?.issuedAt) };
}

/** Resolves true after `ms`, or false at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
