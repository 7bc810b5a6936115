import { sealCredential, type StoredCredential } from "../../server/connections/credentials";
import { resetConfig } from "../../server/platform/config";

/**
 * Seals a token set as a service whose INTEGRATION_ENCRYPTION_KEY is `key` stores it, as the
 * OAuth callback would have. The key is this process's configuration for the call only: test
 * files share a worker (vitest `isolate: false`), so nothing is left behind for the next one.
 */
export function sealWithKey(key: string, credential: StoredCredential): { ciphertext: string; keyId: string } {
  const saved = process.env.INTEGRATION_ENCRYPTION_KEY;
  process.env.INTEGRATION_ENCRYPTION_KEY = key;
  resetConfig();
  try {
    return sealCredential(credential);
  } finally {
    if (saved === undefined) delete process.env.INTEGRATION_ENCRYPTION_KEY;
    else process.env.INTEGRATION_ENCRYPTION_KEY = saved;
    resetConfig();
  }
}
