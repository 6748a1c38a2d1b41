// One process per embedded database (decision 046). PGlite keeps the whole database in the memory of
// the process that opened it and writes it back to $DATA_DIR/db; a second process on the same folder
// would work on its own copy and each would overwrite the other's files. A lock file beside the
// database says who holds it; a second opener is refused with the holder's name, and a lock left by
// a process that no longer runs is taken over.
import { hostname } from "node:os";
import { open, readFile, rm } from "node:fs/promises";
import path from "node:path";

export class EmbeddedDatabaseBusyError extends Error {}

type Holder = { pid: number; hostname: string; command: string; since: string };

const lockName = "nexapay.lock";

/** Takes the lock on the embedded database in `dir`; answers a function that gives it back. */
export async function lockEmbeddedDatabase(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, lockName);
  const me: Holder = { pid: process.pid, hostname: hostname(), command: process.argv.slice(1).join(" "), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, "wx", 0o600);
      await handle.writeFile(JSON.stringify(me));
      await handle.close();
      return async () => {
        const holder = await readHolder(file);
        if (holder?.pid === me.pid && holder.hostname === me.hostname) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = await readHolder(file);
    if (holder && isRunning(holder)) {
      throw new EmbeddedDatabaseBusyError(
        `The embedded database in ${dir} is open in another process (pid ${holder.pid} on ${holder.hostname}, ` +
          `"${holder.command}", since ${holder.since}). Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.`,
      );
    }
    // Left by a process that crashed: take it over.
    await rm(file, { force: true });
  }
  throw new EmbeddedDatabaseBusyError(`Could not take the lock ${file}: another process keeps taking it.`);
}

async function readHolder(file: string): Promise<Holder | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Holder;
  } catch {
    return null;
  }
}

/** Whether the holder still runs. A holder on another machine (a shared folder) is assumed to. */
function isRunning(holder: Holder): boolean {
  if (holder.hostname !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
