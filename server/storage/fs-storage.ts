import { randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import { mkdir, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../platform/errors";
import { STORAGE_APP_ERRORS } from "./error-codes";
import { assertSafeObjectKey, isSafeObjectKey, PrefixedObjectStorage, storageFailed, type StoredObject } from "./object-storage";

/** `.<name>.<uuid>.tmp`, what `put` writes before its rename. */
const TEMPORARY_FILE = /^\..+\.tmp$/;

/**
 * The offline default: objects live in `<storageDir>/avatars/<key>` and the service itself
 * serves them at `/storage/v1/object/public/avatars/<key>`, the same path shape the hosted
 * provider's storage uses.
 */
export class FsStorage extends PrefixedObjectStorage {
  private readonly bucketDir: string;

  constructor(options: { storageDir: string; baseUrl: string }) {
    super(`${options.baseUrl.replace(/\/+$/, "")}/storage/v1/object/public/avatars`);
    this.bucketDir = path.resolve(options.storageDir, "avatars");
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathFor(key);
    // Hidden temp name in the same directory: rename is then atomic, readers never see a
    // half-written image, and the static server (which refuses dotfiles) never serves it.
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(temp, data, { flag: "wx" });
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw storageFailed(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw storageFailed(error, "remove");
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    // Start at the deepest folder the prefix names in full; the rest filters by key.
    const folder = prefix.slice(0, prefix.lastIndexOf("/") + 1);
    if (folder && !isSafeObjectKey(folder.slice(0, -1))) return;
    for await (const { key, file } of this.walk(path.join(this.bucketDir, folder), folder)) {
      if (!key.startsWith(prefix) || !isSafeObjectKey(key)) continue;
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null; // deleted while we looked
        throw storageFailed(error, "list");
      });
      if (info) yield { key, lastModified: info.mtime };
    }
  }

  /** A crash between `writeFile` and `rename` leaves a hidden temp file; these go once stale. */
  async removeStaleTemporaryFiles(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const { name, file } of this.walk(this.bucketDir, "")) {
      if (!TEMPORARY_FILE.test(name)) continue;
      try {
        if ((await stat(file)).mtime >= olderThan) continue;
        await unlink(file);
        removed++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw storageFailed(error, "remove");
      }
    }
    return removed;
  }

  /** Regular files under `dir`, depth first; symbolic links are never followed. */
  private async *walk(dir: string, relative: string): AsyncGenerator<{ key: string; name: string; file: string }> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return;
      throw storageFailed(error, "list");
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walk(file, `${relative}${entry.name}/`);
      else if (entry.isFile()) yield { key: `${relative}${entry.name}`, name: entry.name, file };
    }
  }

  private pathFor(key: string): string {
    assertSafeObjectKey(key);
    const target = path.resolve(this.bucketDir, key);
    // Belt and braces: the key check already rules out escaping the bucket directory.
    if (!target.startsWith(this.bucketDir + path.sep)) throw new AppError(STORAGE_APP_ERRORS.STORAGE_FAILED, "Invalid object key");
    return target;
  }
}
