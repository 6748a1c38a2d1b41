// One process per embedded database (decision 046). PGlite keeps the whole database in the memory of
// the process that opened it and writes it back to $DATA_DIR/db; a second process on the same folder
// would work on its own copy and each would overwrite the other's files. A lock file beside the
// database says who holds it; a second opener is refused with the holder's name, and a lock left by
// a process that no longer runs is taken over.
//
// How each case is told apart:
// - the holder runs: its pid answers signal 0 and, on Linux, /proc/<pid>/stat shows the start time
//   the lock recorded (a pid reused by another program after a crash shows another one), on the
//   machine that booted when the lock was taken (/proc/sys/kernel/random/boot_id);
// - the holder is on another machine (a shared network folder): nothing here can tell whether it
//   runs, so it is refused, and the message says which file to remove once it is known to be gone.
// Races: a lock file appears whole or not at all (written aside, then hard-linked to its name:
// link() fails when the name exists, atomically). Removing a stale lock is guarded by a second lock
// named after the stale one's nonce, and the stale file is removed only if it is still that one, so
// two processes that both found it stale cannot both take over.
import { randomBytes } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { link, open, readFile, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";

export class EmbeddedDatabaseBusyError extends Error {}

export type LockHolder = {
  pid: number;
  hostname: string;
  command: string;
  since: string;
  /** Linux: field 22 of /proc/<pid>/stat (clock ticks after boot); null elsewhere. */
  startTime?: string | null;
  /** Linux: the boot's id; a lock from an earlier boot is stale whatever its pid. */
  bootId?: string | null;
  /** Unique per lock taken: what a take-over compares, never a pid that may come again. */
  nonce?: string;
};

export const lockFileName = "nexapay.lock";

/** Takes the lock on the embedded database in `dir`; answers a function that gives it back. */
export async function lockEmbeddedDatabase(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, lockFileName);
  const me = currentHolder();
  const outcome = await acquire(file, me, 0);
  if (outcome !== "taken") throw new EmbeddedDatabaseBusyError(busyMessage(dir, file, outcome));
  // A process that exits without close() (an uncaught error, process.exit) still gives the lock
  // back; after kill -9 or a power cut the next start finds the holder gone and takes over.
  const onExit = () => {
    if (identityOf(readHolderSync(file)) === me.nonce) unlinkQuietly(file);
  };
  process.on("exit", onExit);
  return async () => {
    process.off("exit", onExit);
    const holder = await readHolder(file);
    if (holder !== "missing" && holder !== "unreadable" && holder.nonce === me.nonce) await rm(file, { force: true });
  };
}

/** This process as a lock names it. */
export function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    hostname: hostname(),
    command: [path.basename(process.argv0), ...process.argv.slice(1)].join(" "),
    since: new Date().toISOString(),
    startTime: processStartTime(process.pid),
    bootId: bootId(),
    nonce: randomBytes(12).toString("hex"),
  };
}

type Outcome = "taken" | LockHolder | "unreadable";

/**
 * Creates `file` for `me`, taking over a stale one. Answers "taken", or why not: the live holder, or
 * "unreadable" for a file that is not a lock we wrote. `depth` counts guards of guards: a process
 * that died while taking over leaves its guard, which is itself stale and taken over the same way.
 */
async function acquire(file: string, me: LockHolder, depth: number): Promise<Outcome> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await createExclusive(file, me)) return "taken";
    const holder = await readHolder(file);
    if (holder === "missing") continue; // given back meanwhile: try again
    if (holder === "unreadable") return "unreadable";
    if (isRunning(holder)) return holder;
    if (depth >= 5) return holder;
    const stale = identityOf(holder);
    const guard = `${file}.takeover-${stale}`;
    const guarded = await acquire(guard, { ...me, nonce: `${me.nonce}-guard` }, depth + 1);
    if (guarded !== "taken") {
      // Another process is taking this stale lock over right now: let it finish, then look again.
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
      continue;
    }
    try {
      // Under the guard, nobody else may remove the stale file; it is removed only if it is still the
      // one judged stale (a slow process may find it already replaced by a live holder's).
      if (identityOf(await readHolder(file)) === stale) await rm(file, { force: true });
    } finally {
      await rm(guard, { force: true });
    }
  }
  throw new EmbeddedDatabaseBusyError(`Could not take the lock ${file}: other processes kept taking it. Try again.`);
}

/** Writes the lock aside, then links it to its name: it appears whole, and only if the name is free. */
async function createExclusive(file: string, me: LockHolder): Promise<boolean> {
  const aside = `${file}.${me.nonce}.${randomBytes(4).toString("hex")}.new`;
  await writeFile(aside, `${JSON.stringify(me)}\n`, { mode: 0o600 });
  try {
    await link(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links (some network and FUSE mounts): exclusive create instead;
    // a reader that comes between the create and the write sees "unreadable" and is refused.
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") return createWithOpen(file, me);
    throw error;
  } finally {
    await rm(aside, { force: true });
  }
}

async function createWithOpen(file: string, me: LockHolder): Promise<boolean> {
  try {
    const handle = await open(file, "wx", 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(me)}\n`);
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

type ReadHolder = LockHolder | "missing" | "unreadable";

async function readHolder(file: string): Promise<ReadHolder> {
  try {
    return parseHolder(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
}

function readHolderSync(file: string): ReadHolder {
  try {
    return parseHolder(readFileSync(file, "utf8"));
  } catch {
    return "missing";
  }
}

function parseHolder(text: string): LockHolder | "unreadable" {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.hostname !== "string") return "unreadable";
    return { command: "unknown", since: "unknown", ...value } as LockHolder;
  } catch {
    return "unreadable";
  }
}

/** What tells one lock from another: its nonce (a lock written before nonces: pid and time). */
function identityOf(holder: ReadHolder): string | null {
  if (holder === "missing" || holder === "unreadable") return null;
  return holder.nonce ?? `${holder.pid}-${holder.since}`.replace(/[^A-Za-z0-9-]/g, "");
}

/** Whether the holder still runs. A holder on another machine (a shared folder) is assumed to. */
export function isRunning(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  const myBoot = bootId();
  if (holder.bootId && myBoot && holder.bootId !== myBoot) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The pid runs; is it still the holder, or a later process given the same pid?
  if (holder.startTime) {
    const now = processStartTime(holder.pid);
    if (now !== null && now !== holder.startTime) return false;
  }
  return true;
}

/** Linux: the process's start time, field 22 of /proc/<pid>/stat; null where there is no /proc. */
export function processStartTime(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // Field 2 is the command in parentheses and may itself hold spaces and parentheses; fields from
  // the 3rd on follow the last ')'.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[22 - 3] ?? null;
}

let cachedBootId: string | null | undefined;
function bootId(): string | null {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId;
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function busyMessage(dir: string, file: string, outcome: LockHolder | "unreadable"): string {
  if (outcome === "unreadable") {
    return `The embedded database in ${dir} is locked by ${file}, which is not a lock Nexapay wrote. Remove it if no Nexapay process uses this folder.`;
  }
  const who = `pid ${outcome.pid} on ${outcome.hostname}, "${outcome.command}", since ${outcome.since}`;
  if (outcome.hostname !== hostname()) {
    return (
      `The embedded database in ${dir} is open in a process on another machine (${who}). ` +
      `Nexapay cannot tell from here whether it still runs: stop it, or once it is known to be gone, remove ${file}.`
    );
  }
  return (
    `The embedded database in ${dir} is open in another process (${who}). ` +
    `Only one process may use it: stop that one first, or use PostgreSQL (DATABASE_URL) to run several.`
  );
}
