import { AppError } from "../platform/errors";
import { STORAGE_APP_ERRORS } from "./error-codes";

/**
 * Public object storage for uploaded images, in the shape of one bucket (`avatars`).
 * Keys look like `tenant/<tenant_id>/<image_id>.<ext>`; every public URL therefore ends
 * in `.../avatars/<key>`, whichever driver serves it.
 */
export interface ObjectStorage {
  /** Stores `data` under `key`, replacing any previous object. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes the object; removing one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** The key behind one of our own public URLs, or null for any other URL. */
  keyFromPublicUrl(url: string): string | null;
  /** Every stored object whose key starts with `prefix` (only keys of our own safe shape). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Drivers that write through temporary files (fs) remove those last modified before
   * `olderThan` (left by a crash mid-write) and answer how many went.
   */
  removeStaleTemporaryFiles?(olderThan: Date): Promise<number>;
}

export interface StoredObject {
  key: string;
  lastModified: Date;
}

/**
 * Keys are built by us from UUIDs and a known extension, so anything outside this shape
 * (`..`, absolute paths, backslashes, dotfiles, odd characters) is refused outright rather
 * than escaped: on the filesystem driver it could name a file outside the bucket.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isSafeObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
}

export function assertSafeObjectKey(key: string): void {
  if (!isSafeObjectKey(key)) throw new AppError(STORAGE_APP_ERRORS.STORAGE_FAILED, "Invalid object key");
}

const failureMessages = {
  store: "Could not store the image",
  remove: "Could not remove the image",
  list: "Could not list stored images",
} as const;

/**
 * Every storage failure reaches the client as a 500 with a fixed message: the driver's own
 * text names absolute paths, buckets and endpoints. The driver's error rides along as the
 * AppError's `cause`, which the REST edge logs with the request id.
 */
export function storageFailed(error: unknown, action: keyof typeof failureMessages = "store"): AppError {
  if (error instanceof AppError) return error;
  return new AppError(STORAGE_APP_ERRORS.STORAGE_FAILED, failureMessages[action], {}, {}, { cause: error });
}

/** Shared by both drivers: strips our public prefix and checks what is left is a key. */
export function keyUnderPrefix(url: string, prefix: string): string | null {
  const base = `${prefix.replace(/\/+$/, "")}/`;
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return isSafeObjectKey(key) ? key : null;
}

/**
 * Both drivers serve every object under one public URL prefix: the URL of a key, and the key
 * behind one of our URLs (anything else, or an unsafe key, is null), live here once.
 */
export abstract class PrefixedObjectStorage implements ObjectStorage {
  protected readonly urlPrefix: string;

  protected constructor(urlPrefix: string) {
    this.urlPrefix = urlPrefix.replace(/\/+$/, "");
  }

  abstract put(key: string, data: Buffer, contentType: string): Promise<void>;
  abstract delete(key: string): Promise<void>;
  abstract list(prefix: string): AsyncIterable<StoredObject>;

  publicUrl(key: string): string {
    assertSafeObjectKey(key);
    return `${this.urlPrefix}/${key}`;
  }

  keyFromPublicUrl(url: string): string | null {
    return keyUnderPrefix(url, this.urlPrefix);
  }
}
