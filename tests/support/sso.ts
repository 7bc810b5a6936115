import { browse, pkceAuthClient } from "./external-sign-in";

/**
 * The admin SSO API (`/auth/v1/admin/sso/providers`) in GoTrue's shapes, by plain fetch:
 * auth-js has no SSO admin client (its `admin` has users, mfa, oauth, customProviders).
 */
export const SSO_SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC1zc28tcHJvdmlkZXJz";

export async function ssoAdmin(service: { url: string }, method: string, path = "", body?: unknown, key = SSO_SERVICE_ROLE_KEY): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}/auth/v1/admin/sso/providers${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, apikey: key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** What our service tells an IdP: entity ID (the metadata URL) and ACS. */
export function serviceProviderOf(service: { url: string }): { entityId: string; acsUrl: string } {
  return { entityId: `${service.url}/auth/v1/sso/saml/metadata`, acsUrl: `${service.url}/auth/v1/sso/saml/acs` };
}

/** The OpenID connection's redirect URI (ADR 085): what a company pastes into its provider. */
export const oidcCallbackOf = (service: { url: string }) => `${service.url}/auth/v1/sso/oidc/callback`;

/**
 * An OpenID single sign-on as a browser makes it (ADR 085): auth-js `signInWithSSO` (PKCE), the
 * issuer's pages followed with their cookies up to our callback, then the callback opened: its
 * status and where it sends the browser (`redirect_to` with `?code=`, or the site URL with the error).
 */
export async function oidcSignIn(
  service: { url: string },
  start: { domain: string } | { providerId: string },
  redirectTo: string,
): Promise<{ auth: ReturnType<typeof pkceAuthClient>; authorizeUrl: URL; callbackUrl: string; status: number; location: URL }> {
  const auth = pkceAuthClient(service);
  const { data, error } = await auth.signInWithSSO({ ...start, options: { redirectTo } });
  if (error || !data) throw new Error(`signInWithSSO: ${error?.message}`);
  const { final } = await browse(data.url, oidcCallbackOf(service));
  const opened = await openCallback(final.href);
  return { auth, authorizeUrl: new URL(data.url), callbackUrl: final.href, ...opened };
}

export async function openCallback(url: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(url, { redirect: "manual" });
  return { status: response.status, location: new URL(response.headers.get("location") ?? "", url) };
}
