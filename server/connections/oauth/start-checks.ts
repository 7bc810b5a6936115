import type { ErrorCodeEntry } from "../../platform/error-codes";
import { OAUTH_START } from "../error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getAllowedOrigins, exactOrigin } from "../../apps";
import { getConfig } from "../../platform/config";
import { assertKeyLookupsAllowed, countKeyFailure } from "../../identity";
import { APP_KEY_PREFIX, authenticateAppKey } from "../../keys";
import { can, passesSsoRule, passesTwoStepRule, SSO_REQUIRED_MESSAGE, TWO_STEP_REQUIRED_MESSAGE, type RuleCaller } from "../../members";
import { resolveUserTenant, type UserTenant } from "../../tenants";
import { CONNECT_SESSION_PREFIX, resolveConnectSession } from "./connect-sessions";
import { SDK_NONCE_PATTERN } from "./results";
import { sameOriginPath } from "../../platform/security/same-origin-path";

/** A refusal at authorize/start: SPEC 4.1's `{ error }` (and `detail`) with its status. */
export class OAuthStartError extends Error {
  readonly status: number;
  constructor(
    failure: ErrorCodeEntry,
    readonly detail?: string,
    /** The code on the wire when the entry's names a variable (`<PROVIDER>_OAUTH_CLIENT_ID missing`). */
    readonly code: string = failure.code,
  ) {
    super(code);
    this.name = "OAuthStartError";
    this.status = failure.status;
  }
}

/**
 * The caller's workspace, or 404 `no_tenant`; viewers may not connect (issue 8's table), nor
 * a session the workspace's two-step rule (ADR 049) or "require single sign-on" (ADR 086) refuses.
 */
export async function startingTenant(
  em: EntityManager,
  userId: string,
  preferredTenantId: string | null,
  secondFactor: RuleCaller,
  session: { email: string; sessionId: string | null },
): Promise<UserTenant> {
  const tenant = await resolveUserTenant(em, userId, preferredTenantId);
  if (!tenant) throw new OAuthStartError(OAUTH_START.NO_TENANT);
  if (!passesTwoStepRule(tenant.requireTwoStep, secondFactor)) throw new OAuthStartError(OAUTH_START.FORBIDDEN, TWO_STEP_REQUIRED_MESSAGE);
  if (!(await passesSsoRule(em, tenant.tenantId, tenant.role, tenant.requireSso, { kind: "session", ...session }))) {
    throw new OAuthStartError(OAUTH_START.FORBIDDEN, SSO_REQUIRED_MESSAGE);
  }
  if (!can(tenant.role, "connections.manage")) throw new OAuthStartError(OAUTH_START.FORBIDDEN, "Viewers cannot manage connections");
  return tenant;
}

export interface StartInputs {
  returnTo: string | null;
  callerState: string | null;
  embed: boolean;
  appId: string | null;
  openerOrigin: string;
  sdkNonce: string | null;
  /** `reconnect=<connection id>`: a connection of the workspace for this provider (issue 19). */
  reconnectId: string | null;
  /** `switch_account=1`: a reconnect may move the connection to another provider account. */
  switchAccount: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The connection `reconnect` names, which must be the workspace's and of this provider; else 404 `connection_not_found`. */
async function reconnectTarget(em: EntityManager, value: string, tenantId: string, provider: string): Promise<string> {
  const notFound = new OAuthStartError(OAUTH_START.RECONNECT_NOT_FOUND);
  if (!UUID.test(value)) throw notFound;
  const rows = await em.getConnection().execute<{ id: string }[]>(`select id from connections where id = ? and tenant_id = ? and provider = ?`, [value.toLowerCase(), tenantId, provider]);
  if (!rows[0]) throw notFound;
  return rows[0].id;
}

/** Longest `returnTo` and caller `state` kept: the signed cookie must stay under 4 KB. */
export const MAX_RETURN_TO = 1024;
export const MAX_CALLER_STATE = 512;

/** The app behind `app_key` (a live `svc_sk_` key or `svc_cs_` session of this tenant), or 401 `invalid_app_key`. */
async function appOfKey(em: EntityManager, appKey: string, tenantId: string, clientAddress: string | null): Promise<string> {
  const invalid = new OAuthStartError(OAUTH_START.INVALID_APP_KEY);
  if (appKey.startsWith(CONNECT_SESSION_PREFIX)) {
    // Connect-session guesses share the per-address limit of key guesses (issue 17).
    await assertKeyLookupsAllowed(em, clientAddress);
    const session = await resolveConnectSession(em, appKey);
    if (!session) {
      await countKeyFailure(em, clientAddress);
      throw invalid;
    }
    if (session.tenantId !== tenantId) throw invalid;
    return session.appId;
  }
  if (!appKey.startsWith(APP_KEY_PREFIX)) throw invalid;
  await assertKeyLookupsAllowed(em, clientAddress);
  const principal = await authenticateAppKey(() => em, appKey);
  if (!principal) {
    await countKeyFailure(em, clientAddress);
    throw invalid;
  }
  if (principal.tenantId !== tenantId) throw invalid;
  return principal.appId;
}

/**
 * The query of authorize/start, checked before anything is started: `returnTo` a
 * same-origin relative path (400 `invalid_return_to`), `app_key` (401 `invalid_app_key`),
 * `opener_origin` an exact origin allowed for the caller (400 `opener_origin_not_allowed`).
 */
export async function checkStartInputs(
  em: EntityManager,
  query: URLSearchParams,
  tenantId: string,
  clientAddress: string | null,
  provider: string,
): Promise<StartInputs> {
  const baseUrl = getConfig().baseUrl;
  const ownOrigin = new URL(baseUrl).origin;

  let returnTo: string | null = null;
  if (query.has("returnTo")) {
    const raw = query.get("returnTo")!;
    returnTo = raw.length <= MAX_RETURN_TO ? sameOriginPath(raw, baseUrl) : null;
    if (!returnTo) throw new OAuthStartError(OAUTH_START.INVALID_RETURN_TO);
  }

  const callerState = query.get("state");
  if (callerState !== null && callerState.length > MAX_CALLER_STATE) throw new OAuthStartError(OAUTH_START.INVALID_STATE, `state is longer than ${MAX_CALLER_STATE} characters`);

  const sdkNonce = query.get("sdk_nonce");
  if (sdkNonce !== null && !SDK_NONCE_PATTERN.test(sdkNonce)) throw new OAuthStartError(OAUTH_START.INVALID_SDK_NONCE);

  const embed = query.get("embed") === "1";
  const appKey = query.get("app_key");
  const appId = appKey !== null ? await appOfKey(em, appKey, tenantId, clientAddress) : null;

  let openerOrigin = ownOrigin;
  if (query.has("opener_origin")) {
    const exact = exactOrigin(query.get("opener_origin"));
    const allowed = exact !== null && (appId ? (await getAllowedOrigins(em, appId)).includes(exact) : exact === ownOrigin);
    if (!allowed) throw new OAuthStartError(OAUTH_START.OPENER_ORIGIN_NOT_ALLOWED);
    openerOrigin = exact;
  }
  const reconnect = query.get("reconnect");
  const reconnectId = reconnect !== null ? await reconnectTarget(em, reconnect, tenantId, provider) : null;
  return { returnTo, callerState, embed, appId, openerOrigin, sdkNonce, reconnectId, switchAccount: reconnectId !== null && query.get("switch_account") === "1" };
}
