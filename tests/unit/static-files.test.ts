import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveFile } from "../../rest/static-files";

let dir: string;
let root: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "static-files-"));
  root = path.join(dir, "public");
  await mkdir(path.join(root, "build", "nested dir"), { recursive: true });
  await writeFile(path.join(root, "build", "app-3f2a.js"), "console.log('hi');");
  await writeFile(path.join(root, "build", "nested dir", "logo.PNG"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(root, "build", "data.bin"), Buffer.from([1, 2, 3]));
  await writeFile(path.join(root, ".secret"), "hidden");
  await writeFile(path.join(dir, "outside.txt"), "outside the root");
  await symlink(path.join(dir, "outside.txt"), path.join(root, "link-out.txt"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("serveFile", () => {
  it("streams a file with its type, length and cache headers", async () => {
    const res = await serveFile(root, "build/app-3f2a.js", { immutable: true });
    expect(res).not.toBeNull();
    expect(res!.status).toBe(200);
    expect(res!.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res!.headers.get("content-length")).toBe("18");
    expect(res!.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res!.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res!.text()).toBe("console.log('hi');");
  });

  it("uses a short cache when not immutable, decodes the path and maps extensions case-insensitively", async () => {
    const res = await serveFile(root, "/build/nested%20dir/logo.PNG", { immutable: false });
    expect(res!.headers.get("content-type")).toBe("image/png");
    expect(res!.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(Buffer.from(await res!.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it("falls back to application/octet-stream for unknown extensions", async () => {
    const res = await serveFile(root, "build/data.bin", { immutable: false });
    expect(res!.headers.get("content-type")).toBe("application/octet-stream");
    await res!.body?.cancel();
  });

  it("streams large files intact", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 123, 7);
    await writeFile(path.join(root, "build", "big.txt"), big);
    const res = await serveFile(root, "build/big.txt", { immutable: true });
    expect(res!.body).toBeInstanceOf(ReadableStream);
    expect(res!.headers.get("content-length")).toBe(String(big.length));
    expect(Buffer.from(await res!.arrayBuffer()).equals(big)).toBe(true);
  });

  it("returns null for missing files, directories and an empty path", async () => {
    expect(await serveFile(root, "build/missing.js", { immutable: true })).toBeNull();
    expect(await serveFile(root, "build", { immutable: true })).toBeNull();
    expect(await serveFile(root, "build/", { immutable: true })).toBeNull();
    expect(await serveFile(root, "", { immutable: true })).toBeNull();
    expect(await serveFile(path.join(dir, "no-such-root"), "x.js", { immutable: true })).toBeNull();
  });

  it("refuses every way out of the root", async () => {
    const attempts = [
      "../outside.txt",
      "build/../../outside.txt",
      "%2e%2e/outside.txt",
      "build%2F..%2F..%2Foutside.txt",
      "..%5Coutside.txt",
      path.join(dir, "outside.txt"), // absolute path
      "build/app-3f2a.js%00.png",
      "%E0%A4%A", // malformed percent-encoding
      "link-out.txt", // symlink pointing outside
      ".secret", // dotfiles (our temp files) are never served
    ];
    for (const attempt of attempts) {
      expect(await serveFile(root, attempt, { immutable: true }), attempt).toBeNull();
    }
  });
});
