import { randomUUID } from "node:crypto";
import { getConfig } from "../platform/config";
import { AppError } from "../platform/errors";
import { STORAGE_APP_ERRORS } from "./error-codes";
import { FsStorage } from "./fs-storage";
import type { ObjectStorage } from "./object-storage";
import { S3Storage } from "./s3-storage";

let cached: ObjectStorage | undefined;

/** The configured driver, built once (the S3 client keeps its connection pool). */
export function getStorage(): ObjectStorage {
  cached ??= createStorage();
  return cached;
}

/** Tests change the environment, call `resetConfig()`, then this. */
export function resetStorage(): void {
  cached = undefined;
}

function createStorage(): ObjectStorage {
  const config = getConfig();
  if (config.STORAGE_DRIVER === "s3") {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      publicUrl: config.S3_PUBLIC_URL,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new FsStorage({ storageDir: config.storageDir, baseUrl: config.baseUrl });
}

/**
 * `tenant/<tenant_id>/<image_id>.<ext>` or `user/<user_id>/<image_id>.<ext>` inside the
 * `avatars` bucket. A fresh image id per upload makes every URL immutable (cacheable
 * forever) and means a replaced image never shows up stale.
 */
export function imageObjectKey(kind: "tenant" | "user", ownerId: string, ext: string): string {
  // One plain segment each, so an odd id can never nest the key or point elsewhere.
  if (!/^[A-Za-z0-9_-]+$/.test(ownerId) || !/^[a-z0-9]+$/.test(ext)) {
    throw new AppError(STORAGE_APP_ERRORS.STORAGE_FAILED, "Invalid object key");
  }
  return `${kind}/${ownerId}/${randomUUID()}.${ext}`;
}
