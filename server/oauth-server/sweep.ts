import type { EntityManager } from "@mikro-orm/postgresql";

/** A registration nobody authorized within this many days is deleted (issue 15). */
export const UNUSED_CLIENT_DAYS = 30;

/**
 * The authorization server's housekeeping, run by one instance at a time (job claims):
 * records past their expiry (device codes an hour later), and dynamically registered clients that
 * no grant ever used after 30 days (never those the admin API made) (with their registration
 * access tokens).
 */
export async function sweepOAuthServerRecords(em: EntityManager): Promise<{ expired: number; unusedClients: number }> {
  const connection = em.getConnection();
  // Expired device codes stay an hour, so a device still polling hears `expired_token` (postgres-adapter.ts).
  const expired = await connection.execute<{ kind: string }[]>(
    `delete from oauth_records where expires_at <= now() and (kind <> 'DeviceCode' or expires_at <= now() - interval '1 hour') returning kind`,
  );
  const clients = await connection.execute<{ n: number }[]>(
    `with swept as (
       delete from oauth_records c
        where c.kind = 'Client'
          -- Clients an administrator made (the admin API) stay until deleted, as GoTrue's do.
          and c.payload->>'registration_type' is distinct from 'manual'
          and (c.payload->>'client_id_issued_at')::bigint < extract(epoch from now() - make_interval(days => ?))
          and not exists (select 1 from auth_sessions s where s.oauth_client_id = c.id)
        returning c.id
     ), tokens as (
       delete from oauth_records t using swept where t.kind = 'RegistrationAccessToken' and t.payload->>'clientId' = swept.id
     )
     select count(*)::int as n from swept`,
    [UNUSED_CLIENT_DAYS],
  );
  return { expired: expired.length, unusedClients: clients[0]?.n ?? 0 };
}
