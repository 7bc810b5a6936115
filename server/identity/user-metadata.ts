import { IDENTITY } from "./error-codes";
import { isSafeName } from "../platform/validation/text";
import type { UserMetadata } from "./entities";
import { IdentityError } from "./provider-types";

/** The fields the dashboard shows; other keys are the client's own, kept as given. */
const MANAGED_KEYS = ["display_name", "avatar_url"] as const;
const MAX_MANAGED_LENGTH = 2048;
/**
 * GoTrue keeps any JSON, and copies it into every access token. The bound keeps each token
 * within the verifier's 8 KB and the dashboard's session cookie (token and refresh token)
 * within a browser's 4 KB per cookie (docs/decisions/036).
 */
export const MAX_METADATA_BYTES = 2 * 1024;
/** The admin's app_metadata rides in the same tokens: roles and flags, not documents. */
export const MAX_APP_METADATA_BYTES = 512;

/**
 * GoTrue's `data`, validated: every key is kept (`null` means "remove"), the dashboard's own
 * fields must be short safe strings.
 */
export function metadataChanges(data: unknown): Record<string, unknown> {
  if (!data || typeof data !== "object" || Array.isArray(data)) return {};
  const changes = { ...(data as Record<string, unknown>) };
  for (const key of MANAGED_KEYS) {
    const value = changes[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" || !isSafeName(value) || value.length > MAX_MANAGED_LENGTH) {
      throw new IdentityError(IDENTITY.VALIDATION_FAILED, `${key} must be at most ${MAX_MANAGED_LENGTH} characters, without control characters`);
    }
  }
  return changes;
}

/** GoTrue's merge (`UpdateUserMetaData`): each key replaced, a `null` one removed; refused over the bound. */
export function mergeMetadata(current: UserMetadata, changes: Record<string, unknown>, name = "user_metadata", maxBytes = MAX_METADATA_BYTES): UserMetadata {
  const merged: UserMetadata = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Buffer.byteLength(JSON.stringify(merged)) > maxBytes) {
    throw new IdentityError(IDENTITY.VALIDATION_FAILED, `${name} must be at most ${maxBytes} bytes serialized`);
  }
  return merged;
}
