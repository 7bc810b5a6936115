import type { EntityManager } from "@mikro-orm/postgresql";
import { refuseProviderSignIn } from "../identity";
import { customProvider } from "./custom-upstream";
import { enabledProvider, type ProviderSettings, type UpstreamProvider } from "./providers";

/**
 * The provider a sign-in names: `custom:<identifier>` from the table (custom-upstream.ts), any
 * other name from the built-in registry; GoTrue's refusal when it is unknown or not enabled.
 * Names are matched lower-cased, as GoTrue's Provider().
 */
export async function providerNamed(em: EntityManager, requested: string): Promise<{ provider: UpstreamProvider; settings: ProviderSettings }> {
  const name = requested.toLowerCase();
  if (name.startsWith("custom:")) return customProvider(em, name);
  const enabled = enabledProvider(name);
  if (!enabled) refuseProviderSignIn(requested);
  return enabled;
}
