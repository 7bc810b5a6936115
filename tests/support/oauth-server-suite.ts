import * as client from "openid-client";
import { afterAll, beforeAll } from "vitest";
import { createTenant, signUp, uniqueSlug, type TestUser } from "./http";
import { approveInBrowser } from "./oauth-client";
import { startService, type RunningService } from "./service";

/** The redirect URI the openid-client tests register. */
export const REDIRECT = "http://127.0.0.1:8765/callback";

/** openid-client's option for the tests' http:// issuer. */
export const insecure = { execute: [client.allowInsecureRequests] };

export interface OAuthServerSuite {
  service: RunningService;
  person: TestUser;
  issuer: string;
  tenantId: string;
}

/**
 * The service an authorization-server test file drives with openid-client, with a signed-up
 * person in a workspace; filled in by the beforeAll this declares, stopped after the file.
 */
export function oauthServerSuite(label: string): OAuthServerSuite {
  const suite = {} as OAuthServerSuite;
  beforeAll(async () => {
    // Device codes are polled at one-second intervals, so the device flow test waits 1 s for its token, not 5.
    // The device page's per-address limit at its default (the test services lift it: every client is 127.0.0.1).
    suite.service = await startService({ label, env: { DEVICE_POLL_INTERVAL_SECONDS: "1", DEVICE_CODE_ENTRY_RATE_LIMIT_PER_ADDRESS: "30" } });
    suite.issuer = `${suite.service.url}/auth/v1`;
    suite.person = await signUp(suite.service);
    suite.tenantId = (await createTenant(suite.service, suite.person, uniqueSlug("oauth"))).id;
  });
  afterAll(async () => {
    await suite.service?.stop();
  });
  return suite;
}

/** A public client registered dynamically, through openid-client. */
export function registeredClient(suite: OAuthServerSuite, metadata: Record<string, unknown> = {}) {
  return client.dynamicClientRegistration(
    new URL(suite.issuer),
    { client_name: "Notes app", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], ...metadata },
    client.None(),
    insecure,
  );
}

/** Code + PKCE through the consent page, as a signed-in person's browser would. */
export async function authorize(suite: OAuthServerSuite, config: client.Configuration, parameters: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...parameters,
  });
  const { redirect, consentHtml } = await approveInBrowser(suite.service, suite.person.cookie, url.href);
  return { redirect, consentHtml, verifier, state };
}
