import type { EntityManager } from "@mikro-orm/postgresql";
import { identityRowsOf } from "../identity";
import { getConfig } from "../platform/config";
import { BUILT_IN_PROVIDERS, enabledProvider } from "./providers";

/**
 * The profile page's "Sign-in methods" card (issue 31 item 2): the person's identities in
 * words, and the providers they may link while MANUAL_LINKING_ENABLED.
 */
export interface SignInMethod {
  identityId: string;
  provider: string;
  /** "Email and password", "GitHub", "Google", or the OpenID provider's configured name. */
  label: string;
  email: string | null;
  linkedAt: string;
  lastUsedAt: string | null;
}

export interface SignInMethods {
  methods: SignInMethod[];
  /** Providers enabled and not linked yet, offered with a "Link" button; empty while manual linking is off. */
  linkable: Array<{ provider: string; label: string }>;
  linkingEnabled: boolean;
}

export function providerLabel(provider: string): string {
  if (provider === "email") return "Email and password";
  if (provider === "github") return "GitHub";
  if (provider === "google") return "Google";
  if (provider === "keycloak") return getConfig().EXTERNAL_KEYCLOAK_NAME;
  return provider;
}

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

export async function signInMethodsOf(em: EntityManager, userId: string): Promise<SignInMethods> {
  const rows = await identityRowsOf(em, userId);
  const methods = rows.map((row) => ({
    identityId: row.id,
    provider: row.provider,
    label: providerLabel(row.provider),
    email: row.email,
    linkedAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_sign_in_at),
  }));
  const linkingEnabled = getConfig().MANUAL_LINKING_ENABLED;
  const linked = new Set(rows.map((row) => row.provider));
  const linkable = linkingEnabled
    ? BUILT_IN_PROVIDERS.filter((name) => !linked.has(name) && enabledProvider(name) !== null).map((provider) => ({ provider, label: providerLabel(provider) }))
    : [];
  return { methods, linkable, linkingEnabled };
}
