import type { TestUser } from "./http";
import { SoftwareAuthenticator } from "./software-authenticator";

type Json = Record<string, any>;

/** The origin a browser on the service's page has: BASE_URL is 127.0.0.1, whose relying party is localhost. */
export const browserOriginOf = (service: { url: string }) => service.url.replace("127.0.0.1", "localhost");

async function gotrue(service: { url: string }, path: string, body: unknown, token?: string): Promise<Json> {
  const res = await fetch(`${service.url}/auth/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: "anon", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Gives a person a verified WebAuthn factor (a security key) and nothing else, through the
 * GoTrue factor API as another client of theirs would: enrol, the create challenge, and its
 * verify answered by a software authenticator, which the test keeps to sign in with later.
 */
export async function enrolSecurityKey(
  service: { url: string },
  person: TestUser,
  friendlyName = "YubiKey",
): Promise<{ device: SoftwareAuthenticator; factorId: string; aal2Token: string }> {
  const session = await gotrue(service, "/token?grant_type=password", { email: person.email, password: person.password });
  const token = session.access_token as string;
  const factor = await gotrue(service, "/factors", { factor_type: "webauthn", friendly_name: friendlyName }, token);
  const challenge = await gotrue(service, `/factors/${factor.id}/challenge`, {}, token);
  const device = new SoftwareAuthenticator(browserOriginOf(service));
  // A USB key, as a browser reports one: a browser looks for the factor's key on the transports stored with it.
  const registered = device.register(challenge.webauthn.credential_options.publicKey);
  const credential = { ...registered, authenticatorAttachment: "cross-platform", response: { ...registered.response, transports: ["usb"] } };
  const raised = await gotrue(service, `/factors/${factor.id}/verify`, { challenge_id: challenge.id, webauthn: { type: "create", credential_response: credential } }, token);
  return { device, factorId: factor.id as string, aal2Token: raised.access_token as string };
}

/** The account's recovery codes (auth-js's `mfa.recoveryCodes.generate`), from a session past its key. */
export async function generateRecoveryCodes(service: { url: string }, aal2Token: string): Promise<string[]> {
  return (await gotrue(service, "/factors/recovery-codes", {}, aal2Token)).codes as string[];
}
