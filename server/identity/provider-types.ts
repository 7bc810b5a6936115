import type { ErrorCodeEntry } from "../platform/error-codes";
import { IDENTITY } from "./error-codes";
import type { UserMetadata } from "./entities";
import type { ProviderFactor } from "./account-factors";

/** A user as a GoTrue-compatible identity provider returns it. */
export interface ProviderUser {
  id: string;
  aud: "authenticated";
  role: "authenticated";
  email: string;
  user_metadata: UserMetadata;
  /** An address waiting for its mailed link (GoTrue's secure email change). */
  new_email?: string;
  created_at: string;
  updated_at: string;
  /** GoTrue's further fields; the built-in provider sends them all (provider-user.ts). */
  email_confirmed_at?: string;
  /** When the admin API invited the address (`POST /invite`, `generate_link` type invite). */
  invited_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  identities?: ProviderIdentity[];
  is_anonymous?: boolean;
  /** Two-step sign-in factors (GoTrue's `factors`), absent when there are none. */
  factors?: ProviderFactor[];
}

export interface ProviderIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ProviderUser;
}

/**
 * What the service needs from an identity provider. The built-in provider implements it
 * in-process; `HttpIdentityProvider` implements it against a hosted one over HTTP.
 */
export interface IdentityProvider {
  /** A session, or (an address to confirm first, docs/decisions/034) the user without one. */
  signUp(email: string, password: string, data?: UserMetadata): Promise<TokenResponse | (ProviderUser & { confirmation_sent_at: string })>;
  /** `signInWithPassword` that counts the attempt under the sign-in limits and forgives them on success itself (the built-in provider, ADR 093). */
  signInWithPasswordUnderLimits?(email: string, password: string, clientAddress: string | null): Promise<TokenResponse>;
  signInWithPassword(email: string, password: string): Promise<TokenResponse>;
  refresh(refreshToken: string): Promise<TokenResponse>;
  getUser(accessToken: string): Promise<ProviderUser>;
  updateUser(accessToken: string, data: UserMetadata): Promise<ProviderUser>;
  /** GoTrue's scopes: `global` (default) every session of the user, `local` this one, `others` all but this one. */
  logout(accessToken: string, scope?: LogoutScope): Promise<void>;
  /** GoTrue's `PUT /user` with a new address or password, under GoTrue's rules (second factor, secure change by mail). */
  changeSignIn(accessToken: string, changes: { email?: string; password?: string }): Promise<ProviderUser>;
  /** Whether `password` is the account's, without opening a session the person would see. */
  checkPassword(email: string, password: string): Promise<boolean>;
}

export type LogoutScope = "global" | "local" | "others";

/** A provider refusal, in GoTrue's body shape `{ code, error_code, msg }`. */
export class IdentityError extends Error {
  readonly status: number;
  readonly errorCode: string;
  constructor(
    /** A code of the catalog; or, relayed from an external provider, its own status and code. */
    failure: ErrorCodeEntry | { status: number; code: string },
    message: string,
    /** Extra response headers, e.g. `Retry-After` on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "IdentityError";
    this.status = failure.status;
    this.errorCode = failure.code;
  }
  toBody() {
    return { code: this.status, error_code: this.errorCode, msg: this.message };
  }
}

export const invalidCredentials = () => new IdentityError(IDENTITY.INVALID_CREDENTIALS, "Invalid login credentials");
/** GoTrue's words: its prefix, then what its JWT library says went wrong. */
export const badJwt = (detail = "token is malformed") =>
  new IdentityError(IDENTITY.BAD_JWT, `invalid JWT: unable to parse or verify signature, ${detail}`);
export const sessionNotFound = () => new IdentityError(IDENTITY.SESSION_NOT_FOUND, "Session from session_id claim in JWT does not exist");
export const userNotFound = () => new IdentityError(IDENTITY.USER_NOT_FOUND, "User from sub claim in JWT does not exist");
