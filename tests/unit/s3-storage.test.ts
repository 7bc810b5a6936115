import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
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

  it("reports an unreachable store as STORAGE_FAILED with the error's text", async () => {
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
    expect(error).toMatchObject({ code: "STORAGE_FAILED", status: 500 });
    expect((error as AppError).message).toMatch(/ECONNREFUSED/);
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
    expect(error).toMatchObject({ code: "STORAGE_FAILED", status: 500 });
    expect((error as AppError).message).toMatch(/bucket does not exist/i);
  });
});
