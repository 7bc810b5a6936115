import { cachedBalance } from "../../server/billing/balance-cache";
import { balanceBody, loadBalance } from "../../server/billing/balance-service";
import { invalidBearer, noWorkspace } from "../../server/errors";
import { getIdentityTokenVerifier, looksLikeJwt } from "../../server/identity/identity-tokens";
import { identityTokenKey, knownIdentity, rememberIdentity } from "../../server/identity/verified-tokens";
import { APP_KEY_PREFIX } from "../../server/keys/key-format";
import { getRuntime } from "../../server/runtime/runtime";
import { resolveUserTenant } from "../../server/tenants/membership";
import { knownAppKey, presentedBearer, requireAppKey } from "../bearer";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

const NO_STORE = { "cache-control": "no-store" };

async function balanceResponse(tenantId: string): Promise<Response> {
  const { orm } = await getRuntime();
  return json(balanceBody(tenantId, await loadBalance(orm.em.fork(), tenantId)), 200, NO_STORE);
}

/**
 * Opaque keys. A cached key with a cached balance is answered without I/O; both caches
 * are emptied by NOTIFY on revocation and on every ledger write.
 */
function keyBalance(ctx: RequestContext, token: string): Response | Promise<Response> {
  if (!token.startsWith(APP_KEY_PREFIX)) throw invalidBearer();
  const principal = knownAppKey(token);
  const balance = principal && cachedBalance(principal.tenantId);
  if (principal && balance) return json(balanceBody(principal.tenantId, balance), 200, NO_STORE);
  return requireAppKey(ctx).then((found) => balanceResponse(found.tenantId));
}

/**
 * Identity tokens: verified against the provider's JWKS; the workspace comes from `sub`.
 * A token verified before (see verified-tokens.ts) with a cached balance needs no I/O.
 */
function jwtBalance(token: string): Response | Promise<Response> {
  const key = identityTokenKey(token);
  const known = knownIdentity(key);
  const balance = known && cachedBalance(known.tenantId);
  if (known && balance) return json(balanceBody(known.tenantId, balance), 200, NO_STORE);
  return (async () => {
    if (known) return balanceResponse(known.tenantId);
    const claims = await getIdentityTokenVerifier().verify(token);
    const { orm } = await getRuntime();
    const workspace = await resolveUserTenant(orm.em.fork(), claims.sub);
    if (!workspace) throw noWorkspace();
    rememberIdentity(key, { sub: claims.sub, sessionId: claims.sessionId ?? null, tenantId: workspace.tenantId }, claims.exp);
    return balanceResponse(workspace.tenantId);
  })();
}

/** GET /api/v1/balance and /api/billing/balance: a JWT (three segments) or an opaque key (SPEC 5). */
export function balanceByJwtOrKey(ctx: RequestContext): Response | Promise<Response> {
  const token = presentedBearer(ctx);
  if (!token) throw invalidBearer();
  return looksLikeJwt(token) ? jwtBalance(token) : keyBalance(ctx, token);
}

/** GET /api/cli/balance: `svc_sk_` keys only; a JWT is refused like any other token. */
export function balanceByKey(ctx: RequestContext): Response | Promise<Response> {
  const token = presentedBearer(ctx);
  if (!token) throw invalidBearer();
  return keyBalance(ctx, token);
}
