// One database handle for the whole server: PGlite (in-process PostgreSQL, files under
// $DATA_DIR/db) when DATABASE_URL is unset, a `pg` pool when it is set. Both speak the same SQL and
// run the same migrations, so every query function works on either.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** LISTEN on a channel; answers a function that stops listening. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null }; // null = in memory (tests)

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    await migrateUnderLock(pool, () => migratePg(db, { migrationsFolder }));
    const listen = async (channel: string, onPayload: (payload: string) => void) => {
      // A dedicated connection: LISTEN belongs to a session, and pool connections come and go.
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      client.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => client.end();
    };
    return { db, kind: "postgres", listen, close: () => pool.end() };
  }
  // pg_trgm backs the admin searches (migration 0002); PGlite ships it as a loadable extension.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (target.dataDir === null) {
    client = new PGlite({ extensions });
  } else {
    const dir = path.join(target.dataDir, "db");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const unlisten = await client.listen(channel, onPayload);
    return () => unlisten();
  };
  return { db, kind: "pglite", listen, close: () => client.close() };
}

/**
 * Several server processes may start at once on one database. Without a lock, each would try to
 * apply the same pending migration and all but one would die on "relation already exists". A
 * session-level advisory lock makes the others wait, then find nothing left to apply.
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

export { schema };

/** Runs raw SQL and answers its rows: both drivers answer `{ rows }`, typed here once. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
