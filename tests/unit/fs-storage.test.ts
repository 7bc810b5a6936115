import { existsSync, symlinkSync, utimesSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "../../server/platform/config";
import { AppError } from "../../server/platform/errors";
import { FsStorage } from "../../server/storage/fs-storage";
import { getStorage, imageObjectKey, resetStorage } from "../../server/storage/index";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const BASE = "http://svc.test:3000";

let dir: string;
let storage: FsStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fs-storage-"));
  storage = new FsStorage({ storageDir: dir, baseUrl: `${BASE}/` });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("FsStorage", () => {
  it("writes, serves a public URL for, and deletes an object", async () => {
    const key = "tenant/t-1/img-1.png";
    await storage.put(key, Buffer.from("first"), "image/png");
    await storage.put(key, Buffer.from("second"), "image/png"); // replaces
    const file = path.join(dir, "avatars", "tenant", "t-1", "img-1.png");
    expect(await readFile(file, "utf8")).toBe("second");
    // The atomic write leaves no temp file behind.
    expect(await readdir(path.dirname(file))).toEqual(["img-1.png"]);

    const url = storage.publicUrl(key);
    expect(url).toBe(`${BASE}/storage/v1/object/public/avatars/tenant/t-1/img-1.png`);
    expect(storage.keyFromPublicUrl(url)).toBe(key);

    await storage.delete(key);
    await expect(readFile(file)).rejects.toMatchObject({ code: "ENOENT" });
    await storage.delete(key); // already gone: still fine
  });

  it("refuses keys that could leave the bucket directory", async () => {
    for (const key of ["../escape.png", "/etc/passwd", "user/a/../../../x.png", "user\\..\\x.png", "", "user//x.png", "user/.hidden"]) {
      const error = await failure(storage.put(key, Buffer.from("x"), "image/png"));
      expect(error).toMatchObject({ code: "STORAGE_FAILED", status: 500 });
      await failure(storage.delete(key));
    }
    // Nothing was written anywhere near the temp dir.
    expect(await readdir(dir)).not.toContain("escape.png");
    expect(await readdir(path.dirname(dir))).not.toContain("escape.png");
  });

  it("only recognises its own public URLs, with safe keys", () => {
    const prefix = `${BASE}/storage/v1/object/public/avatars/`;
    expect(storage.keyFromPublicUrl(`${prefix}user/u-1/a.webp`)).toBe("user/u-1/a.webp");
    expect(storage.keyFromPublicUrl(`https://elsewhere.test/storage/v1/object/public/avatars/user/u-1/a.webp`)).toBeNull();
    expect(storage.keyFromPublicUrl(`${prefix}user/../../secrets.env`)).toBeNull();
    expect(storage.keyFromPublicUrl(`${prefix}`)).toBeNull();
    expect(storage.keyFromPublicUrl("")).toBeNull();
  });

  it("reports a filesystem failure as STORAGE_FAILED with a fixed message, the system's error as its cause", async () => {
    const blocker = path.join(dir, "not-a-dir");
    await writeFile(blocker, "a file where the storage directory should be");
    const broken = new FsStorage({ storageDir: blocker, baseUrl: BASE });
    const error = await failure(broken.put("user/u-1/a.png", Buffer.from("x"), "image/png"));
    expect(error).toMatchObject({ code: "STORAGE_FAILED", status: 500, message: "Could not store the image", body: {} });
    expect(error.message).not.toContain(dir);
    expect((error.cause as NodeJS.ErrnoException).code).toMatch(/ENOTDIR|EEXIST/);
    expect((error.cause as Error).message).toContain(blocker);
  });

  it("reports a failed delete as 'Could not remove the image'", async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), "fs-storage-rm-"));
    const store = new FsStorage({ storageDir: fresh, baseUrl: BASE });
    // A directory where the object should be: unlink refuses it (EISDIR or EPERM).
    await mkdir(path.join(fresh, "avatars", "user", "u-1", "a.png"), { recursive: true });
    const error = await failure(store.delete("user/u-1/a.png"));
    expect(error).toMatchObject({ code: "STORAGE_FAILED", status: 500, message: "Could not remove the image" });
    expect(error.cause).toBeInstanceOf(Error);
    await rm(fresh, { recursive: true, force: true });
  });
});

describe("FsStorage listing and temporary files", () => {
  let root: string;
  let store: FsStorage;
  const file = (key: string) => path.join(root, "avatars", key);
  const plant = async (key: string, ageSeconds: number) => {
    await mkdir(path.dirname(file(key)), { recursive: true });
    await writeFile(file(key), "x");
    const when = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(file(key), when, when);
    return when;
  };
  const listAll = async (prefix: string) => {
    const out: { key: string; lastModified: Date }[] = [];
    for await (const object of store.list(prefix)) out.push(object);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "fs-storage-list-"));
    store = new FsStorage({ storageDir: root, baseUrl: BASE });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("answers nothing when the bucket directory does not exist yet", async () => {
    expect(await listAll("")).toEqual([]);
    expect(await listAll("tenant/")).toEqual([]);
    expect(await store.removeStaleTemporaryFiles(new Date())).toBe(0);
  });

  it("lists every object under a prefix with its modification time, never temp files or links", async () => {
    const old = await plant("tenant/t-1/a.png", 7200);
    await store.put("tenant/t-2/b.jpg", Buffer.from("b"), "image/jpeg");
    await plant("user/u-1/c.webp", 10);
    await plant("tenant/t-1/.a.png.1234.tmp", 7200);
    symlinkSync(file("user/u-1/c.webp"), file("tenant/t-1/link.png"));

    const tenants = await listAll("tenant/");
    expect(tenants.map((o) => o.key)).toEqual(["tenant/t-1/a.png", "tenant/t-2/b.jpg"]);
    expect(Math.abs(tenants[0].lastModified.getTime() - old.getTime())).toBeLessThan(1000);
    expect(Date.now() - tenants[1].lastModified.getTime()).toBeLessThan(60_000);
    expect((await listAll("tenant/t-1/")).map((o) => o.key)).toEqual(["tenant/t-1/a.png"]);
    expect((await listAll("user/")).map((o) => o.key)).toEqual(["user/u-1/c.webp"]);
    expect((await listAll("")).map((o) => o.key)).toEqual(["tenant/t-1/a.png", "tenant/t-2/b.jpg", "user/u-1/c.webp"]);
    // A prefix that could name something outside the bucket lists nothing.
    expect(await listAll("../")).toEqual([]);
    expect(await listAll("tenant/../../")).toEqual([]);
  });

  it("removes only temp files older than the cut-off and leaves objects alone", async () => {
    await plant("user/u-2/.d.png.0001.tmp", 7200);
    await plant("user/u-2/.e.png.0002.tmp", 5);
    await plant("user/u-2/d.png", 7200);
    const removed = await store.removeStaleTemporaryFiles(new Date(Date.now() - 3600 * 1000));
    expect(removed).toBe(2); // this one and tenant/t-1/.a.png.1234.tmp from the test above
    expect(existsSync(file("user/u-2/.d.png.0001.tmp"))).toBe(false);
    expect(existsSync(file("tenant/t-1/.a.png.1234.tmp"))).toBe(false);
    expect(existsSync(file("user/u-2/.e.png.0002.tmp"))).toBe(true);
    expect(existsSync(file("user/u-2/d.png"))).toBe(true);
    expect(existsSync(file("tenant/t-1/a.png"))).toBe(true);
  });
});

describe("imageObjectKey", () => {
  it("builds tenant and user keys with a fresh image id each time", () => {
    const a = imageObjectKey("tenant", "0b6c4a8e-1111-4222-8333-444455556666", "png");
    const b = imageObjectKey("tenant", "0b6c4a8e-1111-4222-8333-444455556666", "png");
    expect(a).toMatch(new RegExp(`^tenant/0b6c4a8e-1111-4222-8333-444455556666/${UUID}\\.png$`));
    expect(a).not.toBe(b);
    expect(imageObjectKey("user", "u-1", "gif")).toMatch(new RegExp(`^user/u-1/${UUID}\\.gif$`));
  });

  it("refuses owner ids that would change the key's shape", () => {
    for (const owner of ["", "../other", "a/b", "..", "a.b"]) {
      expect(() => imageObjectKey("user", owner, "png")).toThrow(AppError);
      expect(() => imageObjectKey("user", "u-1", owner || ".png")).toThrow(AppError);
    }
  });
});

describe("getStorage", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
    resetStorage();
  });

  it("uses the filesystem driver by default, under STORAGE_DIR", async () => {
    delete process.env.STORAGE_DRIVER;
    process.env.STORAGE_DIR = dir;
    process.env.BASE_URL = "https://svc.example.com";
    resetConfig();
    resetStorage();
    const storage = getStorage();
    expect(getStorage()).toBe(storage); // cached
    const key = imageObjectKey("user", "u-42", "jpg");
    await storage.put(key, Buffer.from("jpeg bytes"), "image/jpeg");
    expect(await readFile(path.join(dir, "avatars", key), "utf8")).toBe("jpeg bytes");
    expect(storage.publicUrl(key)).toMatch(
      new RegExp(`^https://svc\\.example\\.com/storage/v1/object/public/avatars/user/u-42/${UUID}\\.jpg$`),
    );
  });

  it("uses the S3 driver when STORAGE_DRIVER=s3", () => {
    process.env.STORAGE_DRIVER = "s3";
    process.env.S3_ENDPOINT = "http://127.0.0.1:9000/";
    process.env.S3_BUCKET = "avatars";
    delete process.env.S3_PUBLIC_URL;
    resetConfig();
    resetStorage();
    expect(getStorage().publicUrl("tenant/t/i.png")).toBe("http://127.0.0.1:9000/avatars/tenant/t/i.png");
  });
});
