import { randomUUID } from "node:crypto";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeObjectKey, PrefixedObjectStorage, storageFailed } from "./object-storage";

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
      throw storageFailed(error);
    }
  }


  private pathFor(key: string): string {
    assertSafeObjectKey(key);
    const target = path.resolve(this.bucketDir, key);
    // Belt and braces: the key check already rules out escaping the bucket directory.
    if (!target.startsWith(this.bucketDir + path.sep)) throw storageFailed(new Error("Invalid object key"));
    return target;
  }
}
