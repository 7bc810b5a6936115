import type { EntityManager } from "@mikro-orm/postgresql";
import { sha256Base64url } from "../../platform/crypto/sha256";

/**
 * The single-use half of OAuth state: the signed cookie proves what was started; this
 * ledger proves it is used once. Consuming inserts the nonce's hash; the primary key lets
 * exactly one of any number of parallel or replayed callbacks win.
 */
export async function consumeNonce(em: EntityManager, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await em.execute<{ nonce_hash: string }[]>(
    `insert into oauth_states (nonce_hash, expires_at) values (?, ?) on conflict (nonce_hash) do nothing returning nonce_hash`,
    [sha256Base64url(nonce), expiresAt],
  );
  return rows.length === 1;
}

/** A discovery flow parks its (already encrypted) token set until the person picks an item. */
export async function parkPending(em: EntityManager, nonce: string, ciphertext: string): Promise<void> {
  await em.execute(`update oauth_states set pending_ciphertext = ? where nonce_hash = ?`, [ciphertext, sha256Base64url(nonce)]);
}

/** Takes the parked token set once (a second submit of the picker finds nothing). */
export async function takePending(em: EntityManager, nonce: string): Promise<string | null> {
  const rows = await em.execute<{ pending_ciphertext: string }[]>(
    `update oauth_states s set pending_ciphertext = null
       from (select nonce_hash, pending_ciphertext from oauth_states where nonce_hash = ? and pending_ciphertext is not null and expires_at > now() for update) old
      where s.nonce_hash = old.nonce_hash
      returning old.pending_ciphertext`,
    [sha256Base64url(nonce)],
  );
  return rows[0]?.pending_ciphertext ?? null;
}

/** Expired ledger rows and results are useless after their lifetime. */
export async function sweepExpiredOAuthRows(em: EntityManager): Promise<void> {
  await em.execute(`delete from oauth_states where expires_at < now() - interval '1 hour'`);
  await em.execute(`delete from oauth_results where expires_at < now()`);
  await em.execute(`delete from connect_sessions where expires_at < now() - interval '1 hour'`);
}
