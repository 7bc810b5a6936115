import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { storedCustomProvider } from "./custom-providers";
import { EXTERNAL } from "./error-codes";
import type { IdTokenIssuer } from "./id-token";
import { openIdIssuer } from "./openid";

/**
 * `signInWithIdToken({ provider: 'custom:<identifier>' })`, GoTrue's getProvider case for
 * custom providers (internal/api/token_oidc.go): read from the table on every request (no
 * restart, no cache), an enabled `oidc` one only; the token's `aud` may be its `client_id` or
 * any of its `acceptable_client_ids` (a mobile app's own client at the same issuer), and its
 * `skip_nonce_check` and `email_optional` apply as GoTrue applies them.
 */
export async function customIdTokenIssuer(em: EntityManager, name: string): Promise<IdTokenIssuer> {
  const row = await storedCustomProvider(em, name);
  const shown = JSON.stringify(name.slice(0, 64));
  if (!row) throw new IdentityError(EXTERNAL.CUSTOM_ID_TOKEN_PROVIDER_UNUSABLE, `Custom provider ${shown} not found`);
  if (!row.enabled) throw new IdentityError(EXTERNAL.CUSTOM_ID_TOKEN_PROVIDER_DISABLED, `Custom provider ${shown} is disabled`);
  if (row.provider_type !== "oidc") throw new IdentityError(EXTERNAL.CUSTOM_ID_TOKEN_PROVIDER_UNUSABLE, `Provider ${shown} is not an OIDC provider`);
  if (!row.issuer) throw new IdentityError(EXTERNAL.CUSTOM_ID_TOKEN_PROVIDER_UNUSABLE, `OIDC provider ${shown} missing issuer`);
  return {
    name,
    // The same issuer string /authorize and the callback discover for this provider (openid.ts).
    issuer: openIdIssuer(name, { enabled: true, clientId: row.client_id, secret: "", redirectUri: "", url: row.issuer }),
    audiences: [row.client_id, ...row.acceptable_client_ids],
    skipNonceCheck: row.skip_nonce_check,
    emailOptional: row.email_optional,
  };
}
