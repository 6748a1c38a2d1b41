// One database handle for the whole server: PGlite (in-process PostgreSQL, files under
// $DATA_DIR/db) when DATABASE_URL is unset, a `pg` pool when it is set. Both speak the same SQL and
// run the same migrations, so every query function works on either.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Db } from "./db-handle.ts";
import { listenWithReconnect, type ConnectionLog, type ListenEvents } from "./listen-connection.ts";
import { lockEmbeddedDatabase } from "./embedded-lock.ts";
import { moveRecordedMigrationTimes } from "./migration-clock.ts";
import { withPreparedStatements } from "./pglite-statements.ts";
import * as schema from "./schema.ts";
import { applySqlFunctions, firstApplyScript } from "./sql-functions.ts";

// Where most of the server imports them from; they live in db-handle.ts so that what runs at start
// here can use them without importing this file.
export { queryRows, type Db } from "./db-handle.ts";

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * LISTEN on a channel; answers a function that stops listening. On PostgreSQL a lost connection is
   * reconnected, and `events` hears of the loss and the return (PGlite runs in-process: never lost).
   */
  listen: (channel: string, onPayload: (payload: string) => void, events?: ListenEvents) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** Where connection trouble is logged (the server's logger once it exists). */
  setLog: (log: ConnectionLog) => void;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null }; // null = in memory (tests)

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  // Connection trouble is logged to the console until the server hands its logger (setLog).
  let log: ConnectionLog = consoleLog;
  const setLog = (next: ConnectionLog) => {
    log = next;
  };
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A request waits at most this long for a connection when the database does not answer, then
      // gets 503 (db/availability.ts), rather than hanging until the client gives up.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // An idle connection that the database ends (a restart, pg_terminate_backend) emits 'error' on
    // the pool; without a listener Node would stop the process. The pool drops it and opens another
    // when next needed, so a note in the log is all (decision 047).
    pool.on("error", (error) => log.warn({ err: error }, "database: an idle connection ended; the pool replaces it"));
    const db = drizzlePg({ client: pool, schema });
    await migrateUnderLock(pool, async () => {
      await moveRecordedMigrationTimes(db);
      await migratePg(db, { migrationsFolder });
      await applySqlFunctions(db);
    });
    // A dedicated connection: LISTEN belongs to a session, and pool connections come and go.
    const listen = (channel: string, onPayload: (payload: string) => void, events: ListenEvents = {}) =>
      listenWithReconnect({ url: target.url, channel, onPayload, events, log: () => log });
    return { db, kind: "postgres", listen, close: () => pool.end(), setLog };
  }
  let client: PGlite;
  let unlock = async () => {};
  if (target.dataDir === null) {
    client = new PGlite(pgliteOptions);
  } else {
    const dir = path.join(target.dataDir, "db");
    mkdirSync(dir, { recursive: true });
    // Before anything reads or writes the folder: a second process would lose data (embedded-lock.ts).
    unlock = await lockEmbeddedDatabase(dir);
    try {
      if (!existsSync(path.join(dir, "PG_VERSION"))) await createPgliteDatabaseAside(dir);
      client = new PGlite(dir, pgliteOptions);
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  const migrator = drizzlePglite({ client, schema });
  try {
    await moveRecordedMigrationTimes(migrator);
    await migratePglite(migrator, { migrationsFolder });
    await applySqlFunctions(migrator);
  } catch (error) {
    // A failed migration stops the start: the folder is given back for the next try.
    await client.close().catch(() => undefined);
    await unlock();
    throw error;
  }
  // The server's queries prepare what they send again and again (pglite-statements.ts); drizzle
  // needs only query() and transaction() of its client.
  const db = drizzlePglite({ client: withPreparedStatements(client) as unknown as PGlite, schema });
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const unlisten = await client.listen(channel, onPayload);
    return () => unlisten();
  };
  const close = async () => {
    await client.close();
    await unlock();
  };
  return { db, kind: "pglite", listen, close, setLog };
}

/**
 * PGlite's options (decision 016). pg_trgm backs the admin searches (migration 0002); PGlite ships it
 * as a loadable extension. Shared buffers are 16 MB instead of PostgreSQL's 128 MB: PGlite touches
 * all of them at start, inside a WebAssembly memory that never shrinks, while the operating system
 * caches the data files anyway. An 84 MB table answered as fast with either.
 */
const pgliteOptions = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

/**
 * A new embedded database is created (initdb) and migrated in a short-lived Node process, then
 * opened here. Done in this process, initdb and the first migrations leave some 150 MB touched in
 * PGlite's memory until the server stops. The child is plain JavaScript (no TypeScript loader) with
 * the same options as pgliteOptions; it resolves packages from this file's folder, in src/ and dist/ alike.
 * It also applies the SQL functions (sql-functions.ts), from a script this process writes to its
 * standard input, so that the opening here finds them all applied and has nothing left to do.
 */
async function createPgliteDatabaseAside(dir: string): Promise<void> {
  const code = `
    import { PGlite } from "@electric-sql/pglite";
    import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
    import { drizzle } from "drizzle-orm/pglite";
    import { migrate } from "drizzle-orm/pglite/migrator";
    const [dir, migrationsFolder, startParams] = process.argv.slice(1);
    let functionsScript = "";
    process.stdin.setEncoding("utf8");
    for await (const chunk of process.stdin) functionsScript += chunk;
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams: JSON.parse(startParams) });
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.exec(functionsScript);
    await client.close();
  `;
  const args = ["--input-type=module", "--eval", code, dir, migrationsFolder, JSON.stringify(pgliteOptions.startParams)];
  const functionsScript = firstApplyScript();
  try {
    const child = promisify(execFile)(process.execPath, args, { cwd: fileURLToPath(new URL(".", import.meta.url)) });
    // A child that dies before reading its input breaks the pipe; its exit, below, tells why.
    child.child.stdin?.on("error", () => undefined);
    child.child.stdin?.end(functionsScript);
    await child;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dir}${stderr ? `:\n${stderr}` : ""}`, { cause: error });
  }
}

/**
 * Several server processes may start at once on one database. Without a lock, each would try to
 * apply the same pending migration and all but one would die on "relation already exists". A
 * session-level advisory lock makes the others wait, then find nothing left to apply. The SQL
 * functions are applied under it too: two starts must not both replace them.
 */
async function migrateUnderLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock(hashtext('nexapay:migrations'))");
    await migrate();
  } finally {
    await lockClient.query("select pg_advisory_unlock(hashtext('nexapay:migrations'))").catch(() => undefined);
    lockClient.release();
  }
}

const consoleLog: ConnectionLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  info: (obj, msg) => console.info(msg, obj),
};

export { schema };
