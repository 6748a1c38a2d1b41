// Which storage the server uses, from STORAGE_URL (decision 042): the local disk unless a bucket is named.
import type { StorageConfig } from "../config.ts";
import { createS3Storage, type StorageLog } from "./s3-storage.ts";
import { createLocalDiskStorage, type Storage } from "./storage.ts";

export function createStorage(config: StorageConfig, log?: StorageLog): Storage {
  return config.kind === "s3" ? createS3Storage(config, log) : createLocalDiskStorage(config.root);
}
