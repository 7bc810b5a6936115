/**
 * Plain shapes the loaders hand to the pages; shared by routes, components and tests. Where
 * a page shows what an API answers, the type is the server's (its zod output schema), never
 * a copy; the rest are the pages' own.
 */
export type { AgentTokenView, DeploymentEventView, DeploymentView, WebhookDeliveryView, WebhookEndpointView } from "./api-shapes.server";
export type { ConsentDetails } from "./api-shapes.server";
export type { RegisteredClientView } from "./api-shapes.server";
export type { AuthorizedApplication, SignedInSession } from "./api-shapes.server";
export type { AccountActivityEntry, AccountActivityPage } from "./api-shapes.server";
export type { WorkspaceDomainView } from "./api-shapes.server";
import type { Capability, MembershipRole, Profile, TenantOutput } from "./api-shapes.server";

export type TenantView = Pick<TenantOutput, "id" | "name" | "slug" | "slugChosen" | "logoUrl" | "referralCode" | "createdAt">;
export type ProfileView = Profile;
export type RoleView = MembershipRole;

/** A workspace the person belongs to, for the header's switcher. */
export interface TenantChoice {
  id: string;
  name: string;
  role: RoleView;
}

/** What every signed-in page needs for its header. */
export interface AccountView {
  profile: ProfileView;
  workspace: TenantView | null;
  /** The person's role in `workspace`. */
  role?: RoleView | null;
  /** What that role may do in `workspace` (server/members/permissions.ts), by capability. */
  allowed?: Partial<Record<Capability, boolean>>;
  /** Every workspace they belong to (the current one included). */
  workspaces?: TenantChoice[];
  /** The workspace's credit balance as the server's decimal string ("100.000000"). */
  balance?: string | null;
  /** Service administrators also get the Admin navigation. */
  isAdmin?: boolean;
  /** The workspace requires two-step sign-in and this session has not passed it (ADR 049). */
  twoStepRequired?: boolean;
  /** The workspace requires single sign-on of this person and this session did not come through it (ADR 086): the sentence to show. */
  ssoRequired?: string;
}

export type FieldErrors = Partial<Record<string, string>>;

/** An action's answer to one form (several forms may share a route, told apart by intent). */
export interface FormResult {
  intent: string;
  ok: boolean;
  fieldErrors?: FieldErrors;
  formError?: string;
  /** The values submitted, so an error is only shown while the field still holds them. */
  values?: Record<string, string>;
  /** A refused deployment manifest: every problem, with its line. */
  manifestProblems?: ManifestProblemView[];
}

export interface ManifestProblemView {
  line?: number;
  /** The column on that line, as `svc validate` prints it (`file:line:column`). */
  column?: number;
  message: string;
}

export interface AppView {
  id: string;
  name: string;
  kind: "app" | "cli";
  createdAt: string;
}

export interface EnvVarView {
  key: string;
  kind: "user" | "integration";
  /** Null for viewers: they see names, never values. */
  value: string | null;
  updatedAt: string;
}

export interface KeyView {
  id: string;
  /** What the key is for; null for keys made before keys had names. */
  name: string | null;
  prefix: string;
  appId: string;
  appName: string;
  purpose: "app" | "cli";
  issuedBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key just created: the only time the full key reaches the browser. */
/** A new webhook endpoint's answer: the only time its `whsec_` secret is shown. */
export interface CreatedWebhookResult extends FormResult {
  created?: { id: string; url: string; secret: string };
}

/** A registered OAuth client just created or rotated: its secret, this once (null for a public client). */
export interface OAuthClientSecretResult extends FormResult {
  shown?: { clientId: string; name: string; clientSecret: string | null; rotated: boolean };
}

export interface CreatedKeyResult extends FormResult {
  created?: { id: string; name: string | null; apiKey: string; prefix: string; appId: string };
}

export interface AdminTenantView {
  id: string;
  name: string;
  slug: string;
  balance: string;
  /** Fresh for every render of the page, so a double submit of one form writes once. */
  idempotencyKey: string;
}

export interface BalanceAdjustResult extends FormResult {
  tenantId?: string;
  direction?: "grant" | "deduct";
  amount?: string;
  duplicate?: boolean;
  balance?: string;
}


export interface AgentTokenResult extends FormResult {
  /** The new `svc_at_` token, shown this once. */
  agentToken?: string;
}


/** One row of a workspace's credits history (server/balance/history-service.ts). */
export interface LedgerEntryView {
  id: string;
  createdAt: string;
  kind: "welcome_grant" | "admin_grant" | "admin_deduct";
  /** Signed decimal credits. */
  amount: string;
  reference: string | null;
  /** The administrator's email; null for the service's own entries. */
  by: string | null;
}

/** Whether the account's role allows `capability` (absent: the server did not say, so show it). */
export function allows(account: AccountView, capability: Capability): boolean {
  return account.allowed?.[capability] ?? true;
}

/** A passkey on the profile page (GoTrue's list item, named for the page). */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
