import type { EntityManager } from "@mikro-orm/postgresql";
import type { AdapterPayload } from "oidc-provider";
import { preparedStatement, runPrepared } from "../platform/db/prepared-statement";
import { oauthAccount, rememberOAuthAccount } from "./accounts";
import { asUuid } from "./claim-sql";

/**
 * A code exchange or a refresh reads, one after the other, the code or refresh token, its
 * grant (with its session row's liveness) and the account behind it: three waits for
 * PostgreSQL. Here the token's read brings the other two in the same statement, and hands
 * them to the library's next asks within the same request (issue 30, ADR 074): the grant and
 * the account are read at the same instant they were read before give or take the few
 * microseconds between the library's calls, so revocation is seen exactly as before (the
 * grant's liveness condition is the adapter's, and the claim that spends the token still
 * comes after). Kept per request (the library's context), taken once, never shared.
 */


const STATEMENT = `select t.payload, t.consumed_at,
    g.id as grant_id, g.payload as grant_payload, g.consumed_at as grant_consumed_at,
    u.id as account_id, u.email as account_email, u.user_metadata as account_metadata
  from oauth_records t
  left join oauth_records g on g.kind = 'Grant' and g.id = t.grant_id
    and (g.expires_at is null or g.expires_at > now())
    and not exists (select 1 from auth_sessions s where s.id = ${asUuid("g.id")} and (s.revoked_at is not null or s.expires_at <= now()))
  left join auth_users u on u.id = ${asUuid("t.payload->>'accountId'")}
  where t.kind = $1 and t.id = $2 and (t.expires_at is null or t.expires_at > now())
  limit 1`;

/** Prepared once per connection: its planning cost PostgreSQL four times its execution (ADR 094). */
const TOKEN_WITH_GRANT = preparedStatement("token-with-grant", STATEMENT);

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
  grant_id: string | null;
  grant_payload: AdapterPayload | null;
  grant_consumed_at: Date | null;
  account_id: string | null;
  account_email: string | null;
  account_metadata: Record<string, unknown> | null;
}

/** The kinds whose read brings their grant and account along. */
export const READ_WITH_GRANT = new Set(["AuthorizationCode", "RefreshToken"]);

const grantsPerRequest = new WeakMap<object, Map<string, AdapterPayload | undefined>>();

/**
 * The library's context of the request being served (`Provider.ctx`), handed in by
 * oauth-provider.ts once it has loaded the library: a static import here would load it (and
 * Koa) at start, where its "unsupported runtime" warning on Node 20 broke the one-line start
 * failures and its module tree cost memory before any OAuth request.
 */
let currentRequest: () => object | undefined = () => undefined;

export function readRequestContextWith(read: () => object | undefined): void {
  currentRequest = read;
}

/** The library's context of the request being served, or undefined outside one. */
export function currentLibraryRequest(): object | undefined {
  return currentRequest();
}

/** A row's payload as the adapter answers it: `consumed` (seconds) when it was spent. */
export function withConsumed(payload: AdapterPayload, consumedAt: Date | null): AdapterPayload {
  return consumedAt ? { ...payload, consumed: Math.floor(new Date(consumedAt).getTime() / 1000) } : payload;
}

/** The token row of `kind` under `key` (its stored id), with its grant and account remembered for the request. */
export async function findTokenWithGrant(em: EntityManager, kind: string, key: string): Promise<AdapterPayload | undefined> {
  const [row] = await runPrepared<Row>(em, TOKEN_WITH_GRANT, [kind, key]);
  if (!row) return undefined;
  const request = currentRequest();
  const grantId = row.payload.grantId;
  if (request && typeof grantId === "string" && grantId.length > 0) {
    let grants = grantsPerRequest.get(request);
    if (!grants) grantsPerRequest.set(request, (grants = new Map()));
    // Not found (or ended) is an answer too: the grant's own read would have said the same.
    grants.set(grantId, row.grant_id !== null && row.grant_payload ? withConsumed(row.grant_payload, row.grant_consumed_at) : undefined);
  }
  const accountId = row.payload.accountId;
  if (request && typeof accountId === "string" && row.account_id !== null) rememberOAuthAccount(request, accountId, oauthAccount(row.account_id, row.account_email!, row.account_metadata));
  return withConsumed(row.payload, row.consumed_at);
}

/** The grant a token read of this request brought along, once; `found: false` when there is none to take. */
export function takeGrantRead(id: string): { found: true; payload: AdapterPayload | undefined } | { found: false } {
  const request = currentRequest();
  const grants = request ? grantsPerRequest.get(request) : undefined;
  if (!grants?.has(id)) return { found: false };
  const payload = grants.get(id);
  grants.delete(id);
  return { found: true, payload };
}
