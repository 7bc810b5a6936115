/** One of the person's identities, as the profile's "Sign-in methods" card lists it (issue 31). */
export interface SignInMethodView {
  identityId: string;
  provider: string;
  /** "Email and password", "GitHub", "Google", or the OpenID provider's configured name. */
  label: string;
  email: string | null;
  linkedAt: string;
  lastUsedAt: string | null;
}

/**
 * The profile page's "Sign-in methods" card: the person's identities and what they may link.
 * Declared here, as the other cards' views are, so the browser's code names nothing of
 * server/; sign-in-methods.server.ts fills it from the area's answer (tsc holds the two alike).
 */
export interface SignInMethodsView {
  methods: SignInMethodView[];
  /** Providers enabled and not linked yet, offered with a "Link" button; empty while manual linking is off. */
  linkable: Array<{ provider: string; label: string }>;
  linkingEnabled: boolean;
  /** How the last link ended, read from the query the callback sent the browser back with. */
  notice: { ok: boolean; message: string } | null;
}
