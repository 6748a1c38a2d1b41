// Identity documents in an S3-compatible bucket (decision 042), so that several server machines
// see the same files. Nothing here makes a URL: objects are read by the server and answered only
// through the private file route, to their owner and to admins. The bucket itself stays private.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { StorageConfig } from "../config.ts";
import { AppError } from "../http/errors.ts";
import { assertSafeKey, type Storage } from "./storage.ts";

export type S3StorageConfig = Extract<StorageConfig, { kind: "s3" }>;

/** Where a failure's cause is told (the server's logger, or a CLI's stderr). */
export type StorageLog = { warn: (detail: { err: unknown; bucket: string; key: string }, message: string) => void };

export const storageUnavailableCode = "STORAGE_UNAVAILABLE";
const storageUnavailableMessage = "Documents cannot be stored or read just now. Please try again in a moment.";

/** The client for a bucket; credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, …). */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Stores other than AWS (MinIO, Ceph, s3rver) may not know the newer default checksums: send and
    // check them only where an operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer must not hold an upload open for minutes: the customer gets a
    // 503 and tries again.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

/** The object key for a storage key: the configured prefix, then the key (which passed assertSafeKey). */
export function objectKeyOf(prefix: string, key: string): string {
  assertSafeKey(key);
  return prefix === "" ? key : `${prefix}/${key}`;
}

export function createS3Storage(config: S3StorageConfig, log?: StorageLog): Storage {
  const client = createS3Client(config);
  const Bucket = config.bucket;
  // Any failure of the store (down, refused, credentials) is the same thing to a customer: try
  // again later. The operator sees the cause in the log.
  const unavailable = (action: string, key: string, error: unknown): AppError => {
    log?.warn({ err: error, bucket: Bucket, key }, `object storage: ${action} failed`);
    return new AppError(503, storageUnavailableCode, storageUnavailableMessage);
  };
  return {
    async put(key, bytes) {
      const Key = objectKeyOf(config.prefix, key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.length }));
      } catch (error) {
        throw unavailable("put", Key, error);
      }
    },
    async get(key) {
      const Key = objectKeyOf(config.prefix, key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable("get", Key, error);
      }
    },
    async remove(key) {
      const Key = objectKeyOf(config.prefix, key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (isNotFound(error)) return;
        throw unavailable("remove", Key, error);
      }
    },
  };
}

/** NoSuchKey (or a bare 404, which some stores answer to a GET with no body to name the error). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}
