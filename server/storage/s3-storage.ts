import type { ListObjectsV2CommandOutput, S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { assertSafeObjectKey, isSafeObjectKey, PrefixedObjectStorage, storageFailed, type StoredObject } from "./object-storage";

export interface S3StorageOptions {
  /** Unset means AWS itself; set for any S3-compatible service. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Where the bucket's objects are publicly readable, e.g. a CDN; defaults from endpoint. */
  publicUrl?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Keys per ListObjectsV2 page (S3's own default, 1000, when unset). */
  listPageSize?: number;
}

/**
 * The SDK is loaded on the first call, not at start: it is a large module tree that every
 * start would otherwise parse while the default driver is the filesystem.
 */
let sdkModule: Promise<typeof import("@aws-sdk/client-s3")> | undefined;
const sdk = () => (sdkModule ??= import("@aws-sdk/client-s3"));

/** Object keys embed a fresh image id, so an object never changes once written. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

export class S3Storage extends PrefixedObjectStorage {
  private readonly clientConfig: S3ClientConfig;
  private client: Promise<S3Client> | undefined;
  private readonly bucket: string;
  private readonly listPageSize: number | undefined;

  constructor(options: S3StorageOptions) {
    super(
      options.publicUrl ??
        (options.endpoint
          ? `${options.endpoint.replace(/\/+$/, "")}/${options.bucket}`
          : `https://${options.bucket}.s3.${options.region}.amazonaws.com`),
    );
    this.bucket = options.bucket;
    this.listPageSize = options.listPageSize;
    this.clientConfig = {
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Without explicit keys the SDK's default chain applies (env, profile, instance role).
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Newer SDKs add CRC checksums to every upload, which some S3-compatible servers
      // reject; only send them where the API demands one.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // An unreachable store must fail the upload, not hold the request open indefinitely.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    };
  }

  /** One client per storage, made on first use (it keeps the connection pool). */
  private s3(): Promise<S3Client> {
    this.client ??= sdk().then(({ S3Client }) => new S3Client(this.clientConfig));
    return this.client;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeObjectKey(key);
    try {
      const { PutObjectCommand } = await sdk();
      await (await this.s3()).send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    } catch (error) {
      throw storageFailed(error);
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeObjectKey(key);
    try {
      // S3 answers 204 for a missing key too, so deletes are naturally idempotent.
      const { DeleteObjectCommand } = await sdk();
      await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw storageFailed(error, "remove");
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let continuationToken: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        const { ListObjectsV2Command } = await sdk();
        page = await (await this.s3()).send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken, MaxKeys: this.listPageSize }),
        );
      } catch (error) {
        throw storageFailed(error, "list");
      }
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isSafeObjectKey(object.Key)) continue;
        // No date (never seen in practice) counts as new: it is never swept on a guess.
        yield { key: object.Key, lastModified: object.LastModified ?? new Date() };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }
}
