import { z } from "zod";
import { getConfig } from "../platform/config";
import { issuer } from "../identity";
import { OAUTH_SCOPES } from "./scopes";
import { OAUTH_ROUTES } from "./endpoints";

/**
 * RFC 8414 metadata, the same document at the path-form URL, the issuer-suffixed URL and as
 * OpenID Connect discovery: the fields issue 15 lists and the two OpenID discovery requires
 * besides (`subject_types_supported`, `id_token_signing_alg_values_supported`: without the
 * latter a client assumes RS256 ID tokens and refuses ours), built from the issuer (so a
 * request's Host never changes them).
 */
export const oauthMetadataOutput = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string(),
    revocation_endpoint: z.string(),
    introspection_endpoint: z.string(),
    device_authorization_endpoint: z.string(),
    userinfo_endpoint: z.string(),
    jwks_uri: z.string(),
    response_types_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.boolean(),
    client_id_metadata_document_supported: z.boolean(),
    subject_types_supported: z.array(z.string()),
    id_token_signing_alg_values_supported: z.array(z.string()),
  });

export type OAuthMetadata = z.infer<typeof oauthMetadataOutput>;

/** The document this service's issuer publishes. */
export function oauthMetadata(): OAuthMetadata {
  return oauthMetadataFor(issuer());
}

/** The document of an authorization server whose issuer is `iss` (the API reference shows one for an example issuer). */
export function oauthMetadataFor(iss: string): OAuthMetadata {
  const at = (endpoint: keyof typeof OAUTH_ROUTES): string => `${iss}${OAUTH_ROUTES[endpoint]}`;
  return {
    issuer: iss,
    authorization_endpoint: at("authorization"),
    token_endpoint: at("token"),
    registration_endpoint: at("registration"),
    revocation_endpoint: at("revocation"),
    introspection_endpoint: at("introspection"),
    device_authorization_endpoint: at("device_authorization"),
    userinfo_endpoint: at("userinfo"),
    jwks_uri: at("jwks"),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    scopes_supported: [...OAUTH_SCOPES],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    subject_types_supported: ["public"],
    // The identity key's algorithm: every client registers with it (oauth-provider.ts's clientDefaults).
    id_token_signing_alg_values_supported: ["ES256"],
  };
}

/**
 * With a hosted identity provider (IDENTITY_PROVIDER_URL) `{auth_url}` is that provider's own
 * authorization server (ADR 037): this service then serves none, and says where it is. Null
 * with the built-in provider.
 */
export function hostedAuthorizationServerNotice(): string | null {
  const config = getConfig();
  if (config.usesBuiltInIdentityProvider) return null;
  return `This service's OAuth 2.1 authorization server is the identity provider's own, at ${config.identityProviderUrl}/auth/v1`;
}
