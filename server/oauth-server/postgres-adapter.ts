import type { EntityManager } from "@mikro-orm/postgresql";
import type { Adapter, AdapterPayload } from "oidc-provider";
import { sha256Base64url } from "../platform/crypto/sha256";
import { isUuidText } from "../platform/db/uuid-text";
import { publishSessionRevoked } from "../identity";
import { storedClientSecret } from "./oauth-clients/hashed-client-secrets";
import { oauthClientEvictions } from "./oauth-clients/client-cache";
import { findStoredClient } from "./oauth-clients/stored-clients";
import { findTokenWithGrant, READ_WITH_GRANT, takeGrantRead, withConsumed } from "./token-with-grant";
import { claimAndSaveRefreshToken, deferClaim, takeDeferredClaim, type DeferredClaim } from "./claim-with-save";

/**
 * Models whose id is the token a client holds: stored as its SHA-256 only (and without the
 * `jti` copy in the payload), so a database leak hands out no usable code or refresh token.
 * Device codes keep their id: the library finds them by user code and needs the id back.
 */
const BEARER_KINDS = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "ClientCredentials", "RegistrationAccessToken", "InitialAccessToken", "BackchannelAuthenticationRequest"]);

/**
 * oidc-provider's storage (its Adapter interface) on the service's PostgreSQL: one row per
 * model (`kind`) and id in `oauth_records`, so codes, grants, refresh tokens, interactions and
 * registered clients are shared by every instance and survive a restart.
 *
 * A grant's id is also the id of the `auth_sessions` row it owns (oauth-grants.ts): when the
 * library drops a grant (revocation, a replayed code, a reused refresh token) that row is
 * revoked through the same path sign-out uses, so access tokens stop at once everywhere.
 */
export function postgresAdapter(em: () => EntityManager, refusal: ConsumeRefusal) {
  return class PostgresOAuthAdapter implements Adapter {
    private readonly hashed: boolean;

    constructor(private readonly kind: string) {
      this.hashed = BEARER_KINDS.has(kind);
    }

    private key(id: string): string {
      return this.hashed ? sha256Base64url(id) : id;
    }

    async upsert(id: string, given: AdapterPayload, expiresIn: number): Promise<void> {
      // A client's secret is kept as its hash only; the registration answer already has the secret.
      const payload = this.kind === "Client" && typeof given.client_secret === "string" ? { ...given, client_secret: storedClientSecret(given.client_secret) } : given;
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const save = `insert into oauth_records (kind, id, payload, grant_id, user_code, uid, expires_at)
             values (?, ?, ?::jsonb, ?, ?, ?, ?)
           on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
             user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`;
      const values = [this.kind, this.key(id), JSON.stringify(this.hashed ? { ...payload, jti: undefined } : payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt];
      // A refresh token saved is a code exchanged or a refresh: the grant was just used. Its
      // session row is touched in the same statement (one round trip, not two; ADR 073).
      const touched = this.kind === "RefreshToken" && isUuidText(payload.grantId) ? payload.grantId : null;
      // The claim on the code or refresh token this request spends rides on this save (claim-with-save.ts, ADR 083).
      const claim = this.kind === "RefreshToken" ? takeDeferredClaim() : null;
      if (claim !== null) {
        if (await claimAndSaveRefreshToken(em(), claim, values, touched)) return;
        return lostClaim(em(), claim, refusal);
      }
      const sql = touched ? `with saved as (${save} returning 1) ${TOUCH_GRANT}` : save;
      await em()
        .getConnection()
        .execute(sql, touched ? [...values, touched] : values);
      // Here at once; every other instance on the trigger's NOTIFY (client-cache.ts).
      if (this.kind === "Client") oauthClientEvictions.client(id);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      // A grant whose session row has ended (revoked here, a password change, a global
      // sign-out) is gone for the library too: its refresh tokens stop with it.
      // Only a uuid can name a session row; a grant under any other id has none to end it.
      if (this.kind === "Grant") {
        // Read already with this request's code or refresh token (token-with-grant.ts).
        const taken = takeGrantRead(id);
        if (taken.found) return taken.payload;
        if (!isUuidText(id)) return this.findWhere("id = ?", [id]);
        return this.findWhere(`id = ? and not exists (select 1 from auth_sessions s where s.id = ?::uuid and (s.revoked_at is not null or s.expires_at <= now()))`, [id, id]);
      }
      // A device code is looked up past its expiry too: the library then answers the polling
      // device `expired_token` itself (RFC 8628 3.5), where "not found" would be `invalid_grant`.
      // The sweep keeps expired device codes an hour for this (sweep.ts).
      if (this.kind === "DeviceCode") return this.findWhere("id = ?", [id], { evenExpired: true });
      // Clients are read on every request: kept per instance until one changes (client-cache.ts).
      if (this.kind === "Client") return findStoredClient(em, id);
      const payload = READ_WITH_GRANT.has(this.kind) ? await findTokenWithGrant(em(), this.kind, this.key(id)) : await this.findWhere("id = ?", [this.key(id)]);
      return payload && this.hashed ? { ...payload, jti: id } : payload;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere("user_code = ?", [userCode]);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere("uid = ?", [uid]);
    }

    /**
     * One request spends a code, refresh token, device code or pushed request: the claim is
     * the row's `consumed_at` going from null to now, which PostgreSQL grants one updater of all
     * the instances. The library reads the row before it consumes it, so requests racing in
     * parallel all read it unconsumed (issue 27); the ones that lose the claim here are the
     * reuse the library would have seen had they come later, and are answered as it answers
     * one: the grant behind the row ends (its tokens, the winner's too, stop) and the request is
     * refused.
     */
    async consume(id: string): Promise<void> {
      // A code's or refresh token's claim is made by the save of the refresh token that follows (claim-with-save.ts).
      if (deferClaim(this.kind, this.key(id))) return;
      await claimNow(em(), { kind: this.kind, key: this.key(id) }, refusal);
    }

    async destroy(id: string): Promise<void> {
      await em().getConnection().execute(`delete from oauth_records where kind = ? and id = ?`, [this.kind, this.key(id)]);
      if (this.kind === "Client") oauthClientEvictions.client(id);
      if (this.kind === "Grant") await endGrantSession(em(), id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await em().getConnection().execute(`delete from oauth_records where kind = ? and grant_id = ?`, [this.kind, grantId]);
    }

    private async findWhere(condition: string, values: unknown[], options: { evenExpired?: boolean } = {}): Promise<AdapterPayload | undefined> {
      const unexpired = options.evenExpired ? "" : " and (expires_at is null or expires_at > now())";
      const rows = await em()
        .getConnection()
        .execute<{ payload: AdapterPayload; consumed_at: Date | null }[]>(
          `select payload, consumed_at from oauth_records
             where kind = ? and ${condition}${unexpired} limit 1`,
          [this.kind, ...values],
        );
      const row = rows[0];
      if (!row) return undefined;
      return withConsumed(row.payload, row.consumed_at);
    }
  };
}

/** `consume` as it was: the claim on its own; a lost one is answered as a reuse (`lostClaim`). */
export async function claimNow(em: EntityManager, claim: { kind: string; key: string }, refusal: ConsumeRefusal): Promise<void> {
  const claimed = await em
    .getConnection()
    .execute(`update oauth_records set consumed_at = now() where kind = ? and id = ? and consumed_at is null returning id`, [claim.kind, claim.key]);
  if (claimed.length === 0) await lostClaim(em, claim, refusal);
}

/** A claim lost to another request: the reuse the library would have seen had it come later, answered as it answers one. */
async function lostClaim(em: EntityManager, claim: DeferredClaim | { kind: string; key: string }, refusal: ConsumeRefusal): Promise<never> {
  const [row] = await em
    .getConnection()
    .execute<{ grant_id: string | null }[]>(`select grant_id from oauth_records where kind = ? and id = ?`, [claim.kind, claim.key]);
  if (row?.grant_id) await endGrant(em, row.grant_id);
  throw refusal(claim.kind);
}

/** The library's error for a lost claim on a row of `kind` (its InvalidGrant, or InvalidRequestUri for a pushed request). */
export type ConsumeRefusal = (kind: string) => Error;

/** What the library does on a reused code or refresh token: every record under the grant goes, and its session row ends. */
async function endGrant(em: EntityManager, grantId: string): Promise<void> {
  await em.getConnection().execute(`delete from oauth_records where grant_id = ? or (kind = 'Grant' and id = ?)`, [grantId, grantId]);
  await endGrantSession(em, grantId);
}

/** A grant's session row was just used (its id, a uuid, is the statement's last parameter). */
const TOUCH_GRANT = `update auth_sessions set refreshed_at = now() where id = ?::uuid and oauth_client_id is not null`;

/**
 * The grant's session row: revoked, and every instance told (the sign-out path). Answers the
 * row it ended, if any: one caller of all that race. In `em`'s transaction when it has one.
 */
export async function endGrantSession(em: EntityManager, grantId: string): Promise<{ id: string; user_id: string; oauth_client_id: string }[]> {
  // A grant id that is no uuid has no session row.
  if (!isUuidText(grantId)) return [];
  const rows = await em.execute<{ id: string; user_id: string; oauth_client_id: string }[]>(
      `update auth_sessions set revoked_at = now() where id = ?::uuid and oauth_client_id is not null and revoked_at is null returning id, user_id, oauth_client_id`,
      [grantId],
    );
  for (const row of rows) await publishSessionRevoked(em, row.id);
  return rows;
}
