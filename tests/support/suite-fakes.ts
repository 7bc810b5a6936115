import { startFakeBroker, type FakeBroker } from "../fakes/broker";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/oauth-provider";
import { suiteResource } from "./suite-resource";

// Here, not in tests/fakes: the fakes also run outside vitest (tests/fakes/run-local.ts).

/** The suite's fake broker, started before its tests and closed after them (see suiteResource). */
export function suiteFakeBroker(options: { apiKey?: string } = {}): FakeBroker {
  return suiteResource(() => startFakeBroker(options), (broker) => broker.close());
}

/** The suite's fake OAuth provider, started before its tests and closed after them (see suiteResource). */
export function suiteFakeOAuthProvider(options: Parameters<typeof startFakeOAuthProvider>[0] = {}): FakeOAuthProvider {
  return suiteResource(() => startFakeOAuthProvider(options), (provider) => provider.close());
}

/** The settings that make a service use the fake provider as its first-party `supabase` OAuth client. */
export function providerEnv(provider: FakeOAuthProvider): Record<string, string> {
  return { SUPABASE_OAUTH_CLIENT_ID: provider.clientId, SUPABASE_OAUTH_CLIENT_SECRET: provider.clientSecret };
}

/** The settings that make a service call the fake broker, with its key. */
export function brokerEnv(broker: FakeBroker): Record<string, string> {
  return { BROKER_API_URL: broker.url, BROKER_API_KEY: broker.apiKey };
}
