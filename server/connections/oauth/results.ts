import type { EntityManager } from "@mikro-orm/postgresql";
import { sha256Base64url } from "../../platform/crypto/sha256";

export const RESULT_TTL_MS = 10 * 60 * 1000;

/**
 * The popup's final message kept server-side for an SDK that lost its opener link
 * (issue 7 section 2): keyed by the hash of the SDK's nonce, 10 minutes, read once.
 */
export async function storeResult(em: EntityManager, sdkNonce: string, message: Record<string, unknown>): Promise<void> {
  await em.execute(
    `insert into oauth_results (sdk_nonce_hash, message, expires_at) values (?, ?::jsonb, ?)
     on conflict (sdk_nonce_hash) do update set message = excluded.message, expires_at = excluded.expires_at`,
    [sha256Base64url(sdkNonce), JSON.stringify(message), new Date(Date.now() + RESULT_TTL_MS)],
  );
}

export async function takeResult(em: EntityManager, sdkNonce: string): Promise<Record<string, unknown> | null> {
  const rows = await em.execute<{ message: Record<string, unknown> }[]>(
    `delete from oauth_results where sdk_nonce_hash = ? and expires_at > now() returning message`,
    [sha256Base64url(sdkNonce)],
  );
  return rows[0]?.message ?? null;
}

/** SDK nonces are random tokens we only hash; anything else is refused before a lookup. */
export const SDK_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
