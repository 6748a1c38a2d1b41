// `npm run storage:copy -- --to s3://bucket/prefix [--from DIR] [--verify-only]` (decision 042,
// docs/operations.md): copies the documents of the local uploads folder ($DATA_DIR/uploads unless
// --from) into the bucket, then reads every object back and compares its size and SHA-256 with the
// file. The bucket is reached with S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the AWS_*
// credentials, as the server would. --verify-only compares without copying. Exit code 0 when every
// object matches its file, 1 otherwise (or when the store cannot be reached), 2 on a usage error.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { createS3Storage } from "../storage/s3-storage.ts";
import { copyDocuments, listLocalDocuments, verifyDocuments } from "../storage/storage-copy.ts";

const usage = "usage: npm run storage:copy -- --to s3://bucket[/prefix] [--from DIR] [--verify-only]";

function fail(message: string, code: number): never {
  console.error(`storage:copy: ${message}`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: { to: { type: "string" }, from: { type: "string" }, "verify-only": { type: "boolean", default: false } },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`, 2);
}
if (!args.to) fail(`--to is required\n${usage}`, 2);

let config;
try {
  // The bucket's settings are checked as the server checks them. The CLI signs no session: a
  // stand-in AUTH_SECRET keeps loadConfig from creating one in DATA_DIR.
  config = loadConfig({ ...process.env, STORAGE_URL: args.to, AUTH_SECRET: process.env.AUTH_SECRET ?? "-".repeat(32) });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 2);
  throw error;
}
if (config.storage.kind !== "s3") fail("--to must name a bucket", 2);
const from = path.resolve(args.from ?? path.join(config.dataDir, "uploads"));
if (!existsSync(from)) fail(`there is no folder ${from}`, 2);

const target = `s3://${config.storage.bucket}${config.storage.prefix ? `/${config.storage.prefix}` : ""}`;
const storage = createS3Storage(config.storage, {
  warn: ({ err, key }, message) => console.error(`storage:copy: ${message} (${key}): ${(err as Error).message}`),
});

try {
  const { documents, ignored } = await listLocalDocuments(from);
  for (const key of ignored) console.log(`ignored ${key} (not a document's name: the server never reads it)`);
  if (!args["verify-only"]) {
    console.log(`copying ${documents.length} documents from ${from} to ${target}`);
    await copyDocuments(documents, storage, (key, bytes) => console.log(`copied ${key} (${bytes} bytes)`));
  }
  console.log(`verifying ${documents.length} objects in ${target} against ${from}`);
  const checks = await verifyDocuments(documents, storage);
  const bad = checks.filter((check) => check.outcome !== "same");
  for (const check of bad) console.error(`MISMATCH ${check.key}: ${check.outcome}: ${check.detail}`);
  if (bad.length === 0) {
    console.log(`storage:copy: all ${checks.length} objects match their files (size and SHA-256).`);
  } else {
    console.error(`storage:copy: ${bad.length} of ${checks.length} objects do not match their files.`);
    process.exitCode = 1;
  }
} catch (error) {
  fail((error as Error).message, 1);
}
