/** The profile page's "Sign-in methods" card (issue 31): the person's identities and what they may link. */
export interface SignInMethodView {
  identityId: string;
  provider: string;
  /** "Email and password", "GitHub", "Google", or the OpenID provider's configured name. */
  label: string;
  email: string | null;
  linkedAt: string;
  lastUsedAt: string | null;
}

export interface SignInMethodsView {
  methods: SignInMethodView[];
  linkable: Array<{ provider: string; label: string }>;
  linkingEnabled: boolean;
  /** How the last link ended, read from the query the callback sent the browser back with. */
  notice: { ok: boolean; message: string } | null;
}
