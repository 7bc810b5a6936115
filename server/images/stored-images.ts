import { log } from "../platform/log";
import { getStorage, imageObjectKey } from "../storage";
import { processImage, type ProcessedImage } from "./process-image";

export type ImageOwnerKind = "tenant" | "user";

/**
 * Validates and re-encodes an upload (CPU-bound, done before any per-owner lock is taken,
 * so uploads still decode in parallel).
 */
export function prepareImage(file: Uint8Array): Promise<ProcessedImage> {
  return processImage(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
}

/**
 * Writes a prepared image under `<kind>/<ownerId>/<uuid>.<ext>`. A fresh name per upload
 * means a replaced image never leaves a stale cached URL.
 */
export async function storeImage(kind: ImageOwnerKind, ownerId: string, image: ProcessedImage): Promise<{ url: string; key: string }> {
  const key = imageObjectKey(kind, ownerId, image.ext);
  const storage = getStorage();
  await storage.put(key, image.data, image.contentType);
  return { url: storage.publicUrl(key), key };
}

/**
 * Removes an image this owner stored. Only keys under `<kind>/<ownerId>/` are touched: an
 * avatar URL sits in user-editable metadata and must never aim a delete at someone else's
 * object. Best effort: a leftover object is harmless (the orphan sweep takes it later), a
 * failed request because of it is not.
 */
export async function deleteOwnedImage(kind: ImageOwnerKind, ownerId: string, url: string): Promise<void> {
  const storage = getStorage();
  const key = storage.keyFromPublicUrl(url);
  if (!key || !key.startsWith(`${kind}/${ownerId}/`)) return;
  try {
    await storage.delete(key);
  } catch (error) {
    log.warn("could not delete replaced image", { key, error: (error as Error).cause ?? error });
  }
}
