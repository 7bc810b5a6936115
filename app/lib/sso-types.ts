/**
 * The Single sign-on page's views (ADR 086), declared here as the other pages' are, so the
 * browser's code names nothing of server/. The route's loader fills them from the
 * workspaceSso procedures' answers, so tsc holds the two alike.
 */

/** One of the workspace's own identity providers, as the page shows and edits it. */
export interface WorkspaceProviderView {
  id: string;
  type: "saml" | "oidc";
  disabled: boolean;
  /** SAML: the identity provider's entity ID, from its metadata. */
  entityId: string | null;
  metadataUrl: string | null;
  /** OpenID: the issuer. */
  issuer: string | null;
  clientId: string | null;
  domains: string[];
  displayNameAttribute: string | null;
  groupsAttribute: string | null;
  groupRoles: Record<string, "member" | "viewer">;
  defaultRole: "member" | "viewer";
  createdAt: string;
  updatedAt: string;
}

/** What the last "Test connection" of a provider brought back (nothing was written but this). */
export interface TestReport {
  ok: boolean;
  at: string;
  subject: string | null;
  email: string | null;
  attributes: Record<string, unknown>;
  error: string | null;
  /** The display name a real sign-in would set (absent from reports written before it was kept). */
  mappedName?: string | null;
  /** The role a real sign-in would give a new member. */
  mappedRole?: "member" | "viewer";
}
