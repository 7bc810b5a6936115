import { getConfig } from "../platform/config";

/**
 * The registry of upstream providers (ADR 075). Each entry turns the provider's settings into
 * the three steps of a sign-in: where to send the browser, how to exchange the code, how to
 * read the person. The built-in names are GoTrue's; a custom provider (GoTrue's
 * `custom:<identifier>`, a later issue) joins by registering an entry of the same shape.
 */
export interface UpstreamEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

/** The person as the provider tells it: GoTrue's `UserProvidedData`. */
export interface UpstreamPerson {
  subject: string;
  emails: UpstreamEmail[];
  /** GoTrue's `identity_data` (its `Claims`): iss, sub, name, email, avatar_url, ... */
  data: Record<string, unknown>;
}

export interface UpstreamTokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
}

export interface UpstreamProvider {
  name: string;
  authorizationUrl(request: { state: string; scopes: string; nonce: string; redirectUri: string }): Promise<string>;
  exchange(code: string, redirectUri: string): Promise<UpstreamTokens>;
  person(tokens: UpstreamTokens, nonce: string): Promise<UpstreamPerson>;
}

export interface ProviderSettings {
  enabled: boolean;
  clientId: string;
  secret: string;
  /** Where the provider sends the browser back: EXTERNAL_<NAME>_REDIRECT_URI, default {auth_url}/callback. */
  redirectUri: string;
  url: string | undefined;
  /** A custom provider's `email_optional`: a person it names no address for still signs in (accounts.ts). */
  emailOptional?: boolean;
}

export type BuiltInProviderName = "github" | "google" | "keycloak";
export const BUILT_IN_PROVIDERS: readonly BuiltInProviderName[] = ["github", "google", "keycloak"];

export function providerSettings(name: BuiltInProviderName): ProviderSettings {
  const config = getConfig() as unknown as Record<string, unknown>;
  const key = name.toUpperCase();
  const setting = (suffix: string) => (config[`EXTERNAL_${key}_${suffix}`] as string | undefined) ?? "";
  return {
    enabled: config[`EXTERNAL_${key}_ENABLED`] === true,
    clientId: setting("CLIENT_ID"),
    secret: setting("SECRET"),
    redirectUri: setting("REDIRECT_URI") || `${getConfig().authUrl}/callback`,
    url: setting("URL") || undefined,
  };
}

const registry = new Map<string, (settings: ProviderSettings) => UpstreamProvider>();

/** Adds a kind of provider to the registry (the built-in ones register in ./index.ts). */
export function registerProvider(name: string, make: (settings: ProviderSettings) => UpstreamProvider): void {
  registry.set(name, make);
}

/** The provider of this name when it is known and enabled; null otherwise (the caller answers GoTrue's refusal). */
export function enabledProvider(name: string): { provider: UpstreamProvider; settings: ProviderSettings } | null {
  const make = registry.get(name);
  if (!make || !(BUILT_IN_PROVIDERS as readonly string[]).includes(name)) return null;
  const settings = providerSettings(name as BuiltInProviderName);
  if (!settings.enabled || !settings.clientId) return null;
  return { provider: make(settings), settings };
}
