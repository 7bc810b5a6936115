import { IDENTITY } from "./error-codes";
import type { UserMetadata } from "./entities";
import { IdentityError, type IdentityProvider, type ProviderUser, type TokenResponse } from "./provider-types";

/** A hosted GoTrue-compatible provider, reached over its HTTP API. */
export class HttpIdentityProvider implements IdentityProvider {
  constructor(private readonly baseUrl: string) {}

  signUp(email: string, password: string, data: UserMetadata = {}) {
    return this.call<TokenResponse>("POST", "/signup", { body: { email, password, data } });
  }
  signInWithPassword(email: string, password: string) {
    return this.call<TokenResponse>("POST", "/token?grant_type=password", { body: { email, password } });
  }
  refresh(refreshToken: string) {
    return this.call<TokenResponse>("POST", "/token?grant_type=refresh_token", { body: { refresh_token: refreshToken } });
  }
  getUser(accessToken: string) {
    return this.call<ProviderUser>("GET", "/user", { accessToken });
  }
  updateUser(accessToken: string, data: UserMetadata) {
    return this.call<ProviderUser>("PUT", "/user", { accessToken, body: { data } });
  }
  async logout(accessToken: string) {
    await this.call<unknown>("POST", "/logout", { accessToken });
  }
  changeSignIn(accessToken: string, changes: { email?: string; password?: string }) {
    return this.call<ProviderUser>("PUT", "/user", { accessToken, body: changes });
  }
  /** A hosted provider checks a password only by signing in: the session it opens is ended at once. */
  async checkPassword(email: string, password: string): Promise<boolean> {
    try {
      const session = await this.signInWithPassword(email, password);
      await this.call<unknown>("POST", "/logout?scope=local", { accessToken: session.access_token }).catch(() => undefined);
      return true;
    } catch (error) {
      if (error instanceof IdentityError && error.status === 400) return false;
      throw error;
    }
  }

  private async call<T>(method: string, path: string, options: { body?: unknown; accessToken?: string }): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/auth/v1${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new IdentityError(IDENTITY.PROVIDER_UNREACHABLE, "Identity provider is unreachable");
    }
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok) {
      const message = String(json.msg ?? json.error_description ?? json.message ?? json.error ?? response.statusText);
      // The external provider's own status and code, relayed as it answered them.
      throw new IdentityError({ status: response.status, code: String(json.error_code ?? json.error ?? IDENTITY.PROVIDER_ERROR.code) }, message);
    }
    return json as T;
  }
}
