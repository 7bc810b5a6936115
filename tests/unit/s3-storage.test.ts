import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/platform/errors";
import { S3Storage } from "../../server/storage/s3-storage";
import { startFakeS3, type FakeS3 } from "../fakes/s3-server";

let s3: FakeS3;
let endpoint: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  endpoint = s3.endpoint;
});

afterAll(async () => {
  await s3?.stop();
});

async function startLenientS3(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "s3rver-list-"));
  const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as new (options: Record<string, unknown>) => {
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  };
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "avatars" }],
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const storageAt = (endpointUrl: string, publicUrl?: string) =>
  new S3Storage({
    endpoint: endpointUrl,
    region: "us-east-1",
    bucket: "avatars",
    publicUrl,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });

describe("S3Storage", () => {
  it("puts an object that is publicly readable at its URL, and deletes it", async () => {
    const storage = storageAt(endpoint);
    const key = "tenant/t-1/0b6c4a8e-1111-4222-8333-444455556666.png";
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255, 0]);
    await storage.put(key, data, "image/png");

    const url = storage.publicUrl(key);
    expect(url).toBe(`${endpoint}/avatars/${key}`);
    expect(storage.keyFromPublicUrl(url)).toBe(key);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(data);

    await storage.delete(key);
    expect((await fetch(url)).status).toBe(404);
    await storage.delete(key); // deleting again is not an error
  });

  it("builds public URLs from S3_PUBLIC_URL when one is set", () => {
    const storage = storageAt(endpoint, "https://cdn.example.com/avatars/");
    expect(storage.publicUrl("user/u-1/a.webp")).toBe("https://cdn.example.com/avatars/user/u-1/a.webp");
    expect(storage.keyFromPublicUrl("https://cdn.example.com/avatars/user/u-1/a.webp")).toBe("user/u-1/a.webp");
    expect(storage.keyFromPublicUrl(`${endpoint}/avatars/user/u-1/a.webp`)).toBeNull();
  });

  it("lists the objects under a prefix, with their modification times", async () => {
    // s3rver signs a bucket-level request as `/avatars`, the SDK as `/avatars/` (as S3 does),
    // so listings need a fake that lets that one mismatch through.
    const lenient = await startLenientS3();
    const storage = storageAt(lenient.endpoint);
    const keys = ["tenant/list-1/a.png", "tenant/list-1/b.png", "tenant/list-2/c.gif", "tenant/list-2/d.webp", "tenant/list-3/e.jpg"];
    const before = Date.now();
    for (const key of keys) await storage.put(key, Buffer.from(key), "image/png");
    await storage.put("user/list-9/f.png", Buffer.from("f"), "image/png");
    const listed: { key: string; lastModified: Date }[] = [];
    for await (const object of storage.list("tenant/list-")) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(keys);
    for (const object of listed) {
      expect(object.lastModified).toBeInstanceOf(Date);
      // S3 dates carry whole seconds.
      expect(object.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(object.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const users: string[] = [];
    for await (const object of storage.list("user/list-9/")) users.push(object.key);
    expect(users).toEqual(["user/list-9/f.png"]);
    for (const key of [...keys, "user/list-9/f.png"]) await storage.delete(key);
    const after: string[] = [];
    for await (const object of storage.list("tenant/list-")) after.push(object.key);
    expect(after).toEqual([]);
    await lenient.stop();
  });

  it("follows ListObjectsV2 continuation tokens to the last page and skips unsafe keys", async () => {
    // s3rver's continuation tokens need a cipher OpenSSL 3 no longer offers, so this stand-in
    // answers S3's ListObjectsV2 XML in pages of two and records what it was asked.
    const pages = [
      { keys: ["tenant/p-1/a.png", "tenant/p-1/b.png"], next: "token-2" },
      { keys: ["tenant/p-2/../../escape.png", "tenant/p-2/c.png"], next: "token-3" },
      { keys: ["tenant/p-3/d.png"], next: undefined },
    ];
    const asked: { prefix: string | null; token: string | null; maxKeys: string | null }[] = [];
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://fake");
      asked.push({ prefix: url.searchParams.get("prefix"), token: url.searchParams.get("continuation-token"), maxKeys: url.searchParams.get("max-keys") });
      const index = url.searchParams.get("continuation-token") === "token-2" ? 1 : url.searchParams.get("continuation-token") === "token-3" ? 2 : 0;
      const page = pages[index];
      const contents = page.keys
        .map((key) => `<Contents><Key>${key}</Key><LastModified>2026-01-0${index + 1}T10:00:00.000Z</LastModified><ETag>"e"</ETag><Size>1</Size><StorageClass>STANDARD</StorageClass></Contents>`)
        .join("");
      res.writeHead(200, { "content-type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>avatars</Name><Prefix>tenant/</Prefix><KeyCount>${page.keys.length}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${page.next ? "true" : "false"}</IsTruncated>${page.next ? `<NextContinuationToken>${page.next}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket: "avatars",
      accessKeyId: "K",
      secretAccessKey: "S",
      forcePathStyle: true,
      listPageSize: 2,
    });
    const listed: { key: string; lastModified: Date }[] = [];
    for await (const object of storage.list("tenant/")) listed.push(object);
    await new Promise((resolve) => server.close(resolve));
    expect(listed).toEqual([
      { key: "tenant/p-1/a.png", lastModified: new Date("2026-01-01T10:00:00.000Z") },
      { key: "tenant/p-1/b.png", lastModified: new Date("2026-01-01T10:00:00.000Z") },
      { key: "tenant/p-2/c.png", lastModified: new Date("2026-01-02T10:00:00.000Z") },
      { key: "tenant/p-3/d.png", lastModified: new Date("2026-01-03T10:00:00.000Z") },
    ]);
    expect(asked).toEqual([
      { prefix: "tenant/", token: null, maxKeys: "2" },
      { prefix: "tenant/", token: "token-2", maxKeys: "2" },
      { prefix: "tenant/", token: "token-3", maxKeys: "2" },
    ]);
  });

  it("reports an unreachable store as STORAGE_FAILED with a fixed message, the error as its cause", async () => {
    // A port that was just free: nothing listens there, so the connection is refused.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const storage = storageAt(`http://127.0.0.1:${closedPort}`);
    const error = await storage.put("user/u-1/a.png", Buffer.from("x"), "image/png").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "STORAGE_FAILED", status: 500, message: "Could not store the image" });
    expect(String((error as AppError).cause)).toMatch(/ECONNREFUSED/);
    const listing = await (async () => {
      for await (const _ of storage.list("tenant/")) return null;
      return null;
    })().then(
      () => null,
      (e: unknown) => e,
    );
    expect(listing).toMatchObject({ code: "STORAGE_FAILED", status: 500, message: "Could not list stored images" });
    const removal = await storage.delete("user/u-1/a.png").then(
      () => null,
      (e: unknown) => e,
    );
    expect(removal).toMatchObject({ code: "STORAGE_FAILED", status: 500, message: "Could not remove the image" });
  });

  it("reports an S3 error response as STORAGE_FAILED", async () => {
    const storage = new S3Storage({
      endpoint,
      region: "us-east-1",
      bucket: "no-such-bucket",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const error = await storage.put("user/u-1/a.png", Buffer.from("x"), "image/png").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "STORAGE_FAILED", status: 500, message: "Could not store the image" });
    expect((error as AppError).message).not.toContain("no-such-bucket");
    expect(String(((error as AppError).cause as Error).message)).toMatch(/bucket does not exist/i);
  });
});
