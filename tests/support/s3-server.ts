// A real S3 endpoint for tests: s3rver (it speaks S3's HTTP protocol and keeps objects as files),
// on a free port, in a temporary folder, with one empty bucket. stop() closes it and deletes the folder.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

type S3rverOptions = {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string; configs: string[] }[];
};
type S3rverInstance = { run: () => Promise<AddressInfo>; close: () => Promise<void> };

// s3rver ships no types: it is loaded with require and given the little we use of it.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverInstance;

export type S3Server = {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (path-style addressing: S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects (a test may damage one there). */
  directory: string;
  /** The settings a server or a CLI needs to use the bucket under `prefix`. */
  env: (prefix?: string) => Record<string, string>;
  stop: () => Promise<void>;
};

/** s3rver accepts any signature made with these (its documented credentials). */
export const s3rverCredentials = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? "nexapay-documents";
  const directory = await mkdtemp(path.join(tmpdir(), "nexapay-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: (prefix = "") => ({
      STORAGE_URL: prefix === "" ? `s3://${bucket}` : `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      ...s3rverCredentials,
    }),
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
