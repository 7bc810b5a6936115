import { balanceBody, balanceOf, cachedBalance } from "../../server/balance";
import { invalidBearer, noWorkspace } from "../../server/platform/errors";
import { getIdentityTokenVerifier, looksLikeJwt, sessionIsLive, identityTokenKey, knownIdentity, rememberIdentity } from "../../server/identity";
import { getConfig } from "../../server/platform/config";
import { APP_KEY_PREFIX } from "../../server/keys";
import { getRuntime } from "../../server/start";
import { userTenantOf } from "../../server/tenants";
import { assertSsoRuleAtEdge } from "../../server/members";
import { bearerFrom, knownAppKey, requireAppKey } from "../bearer";
import { plainJson, toResponse, type HeaderReader, type PlainAnswer } from "../plain-answer";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

const NO_STORE = { "cache-control": "no-store" };

async function balanceResponse(tenantId: string): Promise<Response> {
  const { orm } = await getRuntime();
  return json(balanceBody(tenantId, await balanceOf(orm, tenantId)), 200, NO_STORE);
}

/** The workspace behind a token, when it is cached: a verified JWT or an authenticated key. */
function knownTenant(token: string, acceptJwt: boolean): string | undefined {
  if (acceptJwt && looksLikeJwt(token)) return knownIdentity(identityTokenKey(token))?.tenantId;
  return token.startsWith(APP_KEY_PREFIX) ? knownAppKey(token)?.tenantId : undefined;
}

/**
 * A balance without I/O: the token's workspace and that workspace's balance both cached.
 * The caches are emptied by NOTIFY on key revocation, session revocation and every ledger
 * write, so what this answers is never stale.
 */
function fastBalance(header: HeaderReader, acceptJwt: boolean): PlainAnswer | undefined {
  const token = bearerFrom(header);
  const tenantId = token ? knownTenant(token, acceptJwt) : undefined;
  const balance = tenantId ? cachedBalance(tenantId) : undefined;
  return tenantId && balance ? plainJson(balanceBody(tenantId, balance), NO_STORE) : undefined;
}

/** Opaque keys: anything not `svc_sk_` is refused before a lookup. */
async function keyBalance(ctx: RequestContext, token: string): Promise<Response> {
  if (!token.startsWith(APP_KEY_PREFIX)) throw invalidBearer();
  return balanceResponse((await requireAppKey(ctx)).tenantId);
}

/**
 * Identity tokens: verified against the provider's JWKS; the workspace comes from `sub`. With
 * the built-in provider a token's session (a sign-in, or an OAuth grant: issue 15) must still
 * be live, so signing out or revoking a grant stops its tokens here at once; the cache above
 * is emptied by that same revocation's NOTIFY.
 */
async function jwtBalance(token: string): Promise<Response> {
  const key = identityTokenKey(token);
  const known = knownIdentity(key);
  if (known) return balanceResponse(known.tenantId);
  const claims = await getIdentityTokenVerifier().verify(token);
  const { orm } = await getRuntime();
  if (claims.sessionId && getConfig().usesBuiltInIdentityProvider && !(await sessionIsLive(orm, claims.sessionId))) throw invalidBearer();
  const workspace = await userTenantOf(orm, claims.sub);
  if (!workspace) throw noWorkspace();
  // A session's token: the workspace's "require single sign-on" binds it as it binds the session (ADR 086).
  await assertSsoRuleAtEdge(orm, workspace.tenantId, workspace.role, workspace.requireSso, { kind: "session", email: claims.email ?? "", sessionId: claims.sessionId ?? null });
  rememberIdentity(key, { sub: claims.sub, sessionId: claims.sessionId ?? null, tenantId: workspace.tenantId }, claims.exp);
  return balanceResponse(workspace.tenantId);
}

export const balanceByJwtOrKeyFast = (header: HeaderReader) => fastBalance(header, true);
export const balanceByKeyFast = (header: HeaderReader) => fastBalance(header, false);

/** GET /api/v1/balance and /api/billing/balance: a JWT (three segments) or an opaque key (SPEC 5). */
export function balanceByJwtOrKey(ctx: RequestContext): Response | Promise<Response> {
  const fast = balanceByJwtOrKeyFast((name) => ctx.header(name));
  if (fast) return toResponse(fast);
  const token = bearerFrom((name) => ctx.header(name));
  if (!token) throw invalidBearer();
  return looksLikeJwt(token) ? jwtBalance(token) : keyBalance(ctx, token);
}

/** GET /api/cli/balance: `svc_sk_` keys only; a JWT is refused like any other token. */
export function balanceByKey(ctx: RequestContext): Response | Promise<Response> {
  const fast = balanceByKeyFast((name) => ctx.header(name));
  if (fast) return toResponse(fast);
  const token = bearerFrom((name) => ctx.header(name));
  if (!token) throw invalidBearer();
  return keyBalance(ctx, token);
}
