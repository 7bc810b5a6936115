import { randomUUID } from "node:crypto";
import { log } from "../log";
import { getStorage } from "../storage";
import { processImage } from "./process-image";

export type ImageOwnerKind = "tenant" | "user";

/**
 * Validates and re-encodes an upload, then writes it under `<kind>/<ownerId>/<uuid>.<ext>`.
 * A fresh name per upload means a replaced image never leaves a stale cached URL.
 */
export async function storeImage(kind: ImageOwnerKind, ownerId: string, file: Uint8Array): Promise<{ url: string; key: string }> {
  const image = await processImage(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
  const key = `${kind}/${ownerId}/${randomUUID()}.${image.ext}`;
  const storage = getStorage();
  await storage.put(key, image.data, image.contentType);
  return { url: storage.publicUrl(key), key };
}

/** Best effort: a leftover object is harmless, a failed request because of it is not. */
export async function deleteImageByUrl(url: string): Promise<void> {
  const storage = getStorage();
  const key = storage.keyFromPublicUrl(url);
  if (!key) return;
  try {
    await storage.delete(key);
  } catch (error) {
    log.warn("could not delete replaced image", { key, error: (error as Error).message });
  }
}
