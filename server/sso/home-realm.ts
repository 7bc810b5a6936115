import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { getConfig } from "../platform/config";
import { emailDomain } from "../workspace-domains";
import { SSO } from "./error-codes";
import { findProviderByDomain, type StoredProvider } from "./providers";
import { startSso } from "./sign-in";

/**
 * Home-realm discovery (issue 32, 3; ADR 087): the provider that signs in the addresses of an
 * email's domain, so /login can offer "Sign in with single sign-on" as the person types.
 * The answer depends on the domain only, never on whether an account with that address
 * exists. A provider (SAML or OpenID) counts when SAML_ENABLED is on, it is enabled, and it holds the domain in
 * `sso_domains`; a workspace's own provider counts only for a domain that workspace has also
 * verified (ADR 081), so an owner cannot route a company's people to their provider by
 * typing its domain into their provider's list.
 */
export async function providerForEmail(em: EntityManager, email: string): Promise<StoredProvider | null> {
  if (!getConfig().SAML_ENABLED) return null;
  const domain = emailDomain(email);
  if (!domain) return null;
  const provider = await findProviderByDomain(em, domain);
  if (!provider || provider.disabled) return null;
  if (provider.tenant_id === null) return provider;
  const verified = await em.getConnection().execute<{ id: string }[]>(
    `select id from workspace_domains where tenant_id = ? and domain = ? and verified_at is not null`,
    [provider.tenant_id, domain],
  );
  return verified.length > 0 ? provider : null;
}

/**
 * `POST /auth/v1/sso`'s start for the provider discovery found, with the caller's PKCE
 * challenge: the dashboard's /login is then a PKCE client as for GitHub (ADR 078), and the
 * IdP's answer comes back to `redirectTo` with `?code=`.
 */
export async function startSsoForEmail(em: EntityManager, input: { email: string; redirectTo: string; codeChallenge: string }): Promise<{ url: string }> {
  const provider = await providerForEmail(em, input.email);
  if (!provider) throw new IdentityError(SSO.PROVIDER_NOT_FOUND, "No SSO provider assigned for this domain");
  const { url } = await startSso(em, {
    provider_id: provider.id,
    redirect_to: input.redirectTo,
    code_challenge: input.codeChallenge,
    code_challenge_method: "s256",
    skip_http_redirect: true,
  });
  return { url };
}
