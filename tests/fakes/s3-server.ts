import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

// s3rver ships no types; describe the little of it the tests use.
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as S3rverConstructor;

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** Environment that points the service's `s3` storage driver here. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A real S3-compatible HTTP server (s3rver) on 127.0.0.1 with one bucket, `avatars`. */
export async function startFakeS3(): Promise<FakeS3> {
  const dir = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: "avatars" }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: "avatars",
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: "avatars",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
