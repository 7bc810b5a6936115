import { sealCredential, type StoredCredential } from "../../server/connections/credentials";
import { withProcessSetting } from "./process-setting";

/**
 * Seals a token set as a service whose INTEGRATION_ENCRYPTION_KEY is `key` stores it, as the
 * OAuth callback would have. The key is this process's configuration for the call only: test
 * files share a worker (vitest `isolate: false`), so nothing is left behind for the next one.
 */
export function sealWithKey(key: string, credential: StoredCredential): { ciphertext: string; keyId: string } {
  return withProcessSetting("INTEGRATION_ENCRYPTION_KEY", key, () => sealCredential(credential));
}
