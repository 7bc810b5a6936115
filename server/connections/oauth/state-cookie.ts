import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getConfig } from "../../platform/config";
import { AppError } from "../../platform/errors";

export const STATE_TTL_MS = 10 * 60 * 1000;
export const PENDING_COOKIE = "svc_oauth_pending";
export const stateCookieName = (nonce: string) => `svc_oauth_${nonce}`;
const NONCE = /^[A-Za-z0-9_-]{32}$/;

export type OAuthFlow = "first_party" | "broker";

/** What a started flow remembers (issue 7 section 2); it travels only in the signed cookie. */
export interface OAuthState {
  nonce: string;
  userId: string;
  tenantId: string;
  provider: string;
  flow: OAuthFlow;
  /** Exact postMessage target. */
  openerOrigin: string;
  /** Same-origin path, or null. */
  returnTo: string | null;
  /** The caller's opaque `state`, echoed in the final message. */
  callerState: string | null;
  embed: boolean;
  /** The app of `app_key` (an App Key or a connect session), or null. */
  appId: string | null;
  /** First-party PKCE verifier. */
  codeVerifier: string | null;
  /** Broker: the auth config the account must belong to. */
  authConfigId: string | null;
  /** The SDK's nonce for the server-side result fallback. */
  sdkNonce: string | null;
  /** Reconnect in place (issue 19): the connection (UUID) whose row the flow updates, or null. */
  reconnectId?: string | null;
  /** The person confirmed that a reconnect may switch the connection to another provider account. */
  switchAccount?: boolean;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const newNonce = () => randomBytes(24).toString("base64url");
export const isNonce = (value: unknown): value is string => typeof value === "string" && NONCE.test(value);

function secret(): string {
  const value = getConfig().SESSION_SECRET;
  if (!value) throw new AppError("INTERNAL", "SESSION_SECRET is not set");
  return value;
}

/** The MAC covers the cookie's name too, so one flow's value cannot be replayed under another's name. */
function mac(name: string, payload: string): string {
  return createHmac("sha256", secret()).update(`${name}=${payload}`).digest("base64url");
}

export function signValue(name: string, data: unknown): string {
  const payload = Buffer.from(JSON.stringify(data)).toString("base64url");
  return `${payload}.${mac(name, payload)}`;
}

export function verifyValue<T>(name: string, value: string | undefined): T | null {
  if (!value || value.length > 8192) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(name, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** The provider's callback path: the only path the state cookies are sent to. */
export function callbackPath(flow: OAuthFlow, provider: string): string {
  const slug = encodeURIComponent(provider);
  return flow === "broker" ? `/api/oauth/broker/${slug}/callback` : `/api/oauth/${slug}/callback`;
}

function attributes(path: string, maxAgeSeconds: number): string {
  const secure = getConfig().secureCookies ? "; Secure" : "";
  return `Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** The two Set-Cookie lines of SPEC 4.1: the signed state under its nonce, and the pending marker. */
export function stateSetCookies(state: OAuthState): string[] {
  const path = callbackPath(state.flow, state.provider);
  const maxAge = Math.floor(STATE_TTL_MS / 1000);
  const name = stateCookieName(state.nonce);
  return [
    `${name}=${signValue(name, state)}; ${attributes(path, maxAge)}`,
    `${PENDING_COOKIE}=${signValue(PENDING_COOKIE, { nonce: state.nonce, provider: state.provider })}; ${attributes(path, maxAge)}`,
  ];
}

export function stateClearCookies(flow: OAuthFlow, provider: string, nonce: string): string[] {
  const path = callbackPath(flow, provider);
  return [`${stateCookieName(nonce)}=; ${attributes(path, 0)}`, `${PENDING_COOKIE}=; ${attributes(path, 0)}`];
}

/**
 * The state of `nonce` from the request's cookies, or null: no cookie, a bad signature, a
 * cookie of another flow or provider, or an expired one.
 */
export function readState(cookieValue: string | undefined, nonce: string, flow: OAuthFlow, provider: string): OAuthState | null {
  const state = verifyValue<OAuthState>(stateCookieName(nonce), cookieValue);
  if (!state || state.nonce !== nonce || state.flow !== flow || state.provider !== provider) return null;
  if (typeof state.expiresAt !== "number" || state.expiresAt <= Date.now()) return null;
  return state;
}
