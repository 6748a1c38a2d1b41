// Moving the documents of a local uploads folder into a bucket (decision 042, `npm run storage:copy`):
// every file is written under the same key, then read back and compared, byte count and SHA-256,
// with the file it came from. The folder is only read: it stays as it was, the way back.
import { createHash } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type Storage } from "./storage.ts";

export type LocalDocument = { key: string; file: string };
export type Check = { key: string; outcome: "same" | "missing" | "different size" | "different SHA-256"; detail: string };

/**
 * The files under `root` as storage keys ("<user id>/<name>.<ext>"). Anything else there (a
 * half-written .tmp file left by a crash, a stray file) is listed apart: the server never reads it.
 */
export async function listLocalDocuments(root: string): Promise<{ documents: LocalDocument[]; ignored: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const documents: LocalDocument[] = [];
  const ignored: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join("/");
    if (isSafeKey(key)) documents.push({ key, file });
    else ignored.push(key);
  }
  documents.sort((a, b) => a.key.localeCompare(b.key));
  return { documents, ignored: ignored.sort() };
}

/** Writes each document to the storage under its key. */
export async function copyDocuments(documents: LocalDocument[], storage: Storage, onCopied?: (key: string, bytes: number) => void) {
  for (const document of documents) {
    const bytes = await readFile(document.file);
    await storage.put(document.key, bytes);
    onCopied?.(document.key, bytes.length);
  }
}

/** Reads each document back from the storage and compares it with its local file. */
export async function verifyDocuments(documents: LocalDocument[], storage: Storage): Promise<Check[]> {
  const checks: Check[] = [];
  for (const document of documents) {
    const local = await readFile(document.file);
    const stored = await storage.get(document.key);
    checks.push(compare(document.key, local, stored));
  }
  return checks;
}

function compare(key: string, local: Buffer, stored: Buffer | null): Check {
  if (stored === null) return { key, outcome: "missing", detail: "no object under this key" };
  if (stored.length !== local.length) {
    return { key, outcome: "different size", detail: `${stored.length} bytes in the bucket, ${local.length} on disk` };
  }
  const [a, b] = [sha256(stored), sha256(local)];
  if (a !== b) return { key, outcome: "different SHA-256", detail: `${a} in the bucket, ${b} on disk` };
  return { key, outcome: "same", detail: `${local.length} bytes, SHA-256 ${b}` };
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}
