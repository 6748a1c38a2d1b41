// The database handle's type and the one helper every query module needs, kept apart from client.ts
// (which opens the database) so that what client.ts runs at start (migration-clock.ts,
// sql-functions.ts) can use them without importing client.ts back.
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL and answers its rows: both drivers answer `{ rows }`, typed here once. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
