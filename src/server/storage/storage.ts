// Where uploaded files live: an interface, so that a bucket can replace the
// local disk later, and the local-disk implementation under $DATA_DIR/uploads. Nothing here is
// served statically: files leave only through the private file route.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export type Storage = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

/** Keys look like "<uuid>/<name>.<ext>": no way out of the root, no hidden files. */
const keyPattern = /^[A-Za-z0-9-]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function assertSafeKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
