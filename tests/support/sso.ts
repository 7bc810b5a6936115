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
