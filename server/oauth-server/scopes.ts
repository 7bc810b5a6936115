/**
 * The scopes of the authorization server and what a request without `scope` is granted
 * (issue 15 contract: MCP clients and the MCP conformance suite send none).
 */
export const OAUTH_SCOPES = ["openid", "profile", "email", "offline_access", "tools"] as const;

/** Deployed tools need this one: "use this workspace's deployed tools as you". */
export const TOOLS_SCOPE = "tools";

/** The scopes an access token without a `resource` may carry (aud "authenticated"). */
export const IDENTITY_SCOPES = ["openid", "profile", "email"] as const;

/**
 * What stands for "no resource asked for" inside the library (its default resource): tokens
 * for it carry `aud: "authenticated"`, the audience the balance endpoints accept.
 */
export const IDENTITY_RESOURCE = "urn:svc:identity";

/** The words the consent page shows for each scope. */
export const SCOPE_WORDS: Record<string, string> = {
  openid: "Know who you are (your user id)",
  profile: "See your name and picture",
  email: "See your email address",
  offline_access: "Stay connected when you are not using it",
  tools: "Use this workspace's deployed tools as you",
};

/** The default scope of a request that names none: `tools` for a deployed tool, else the identity scopes. */
export function defaultScopeFor(resources: string[]): string {
  return resources.length > 0 ? TOOLS_SCOPE : IDENTITY_SCOPES.join(" ");
}
