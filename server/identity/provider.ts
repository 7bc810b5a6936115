import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { BuiltInIdentityProvider } from "./built-in-provider";
import { HttpIdentityProvider } from "./http-provider";
import type { IdentityProvider } from "./provider-types";

/** The built-in provider unless IDENTITY_PROVIDER_URL names a hosted one. */
export function identityProvider(em: EntityManager): IdentityProvider {
  const config = getConfig();
  return config.usesBuiltInIdentityProvider
    ? new BuiltInIdentityProvider(em)
    : new HttpIdentityProvider(config.identityProviderUrl);
}
