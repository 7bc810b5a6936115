import type Provider from "oidc-provider";
import { answerDeviceAuthorizationsWithOurPage } from "./device-responses";
import { answerForJwtAccessTokens } from "./jwt-token-endpoints";
import { settleDeferredClaims } from "./claim-settlement";
import { createOAuthProvider, type OAuthServerOptions } from "./oauth-provider";
import { answerOutagesAsUnavailable } from "./outage-answers";

let instance: Promise<Provider> | undefined;

/** The one authorization server of this process, built on first use (it needs the signing key). */
export function oauthServer(options: OAuthServerOptions): Promise<Provider> {
  instance ??= createOAuthProvider(options).then(async (provider) => {
    answerOutagesAsUnavailable(provider);
    await settleDeferredClaims(provider, options.em);
    answerForJwtAccessTokens(provider, options.em);
    answerDeviceAuthorizationsWithOurPage(provider);
    return provider;
  });
  instance.catch(() => (instance = undefined));
  return instance;
}
