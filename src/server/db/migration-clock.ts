// Drizzle's migrator applies a migration only when its journal time (`when` in
// migrations/meta/_journal.json) is later than the time recorded for the newest migration already
// applied. Migration 0006 was written with a time later than those of 0007 to 0010. A database
// that had 0006 applied before 0007, 0008, 0009 or 0010 existed therefore never got them: the
// server started, and then failed on the first query that needed them (the chain watcher's table,
// the deposit function's new arguments).
//
// The fix has two halves. The journal times of 0007 to 0010 now come after 0006's. And a database
// that applied them under their old times gets those recorded times moved to the new ones before
// the migrator runs, so it does not apply them twice. The journal test (migration-clock.test.ts)
// keeps the times in order from now on.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./db-handle.ts";

/** Migrations whose journal time was moved: what a database may have recorded, and the time now. */
export const movedMigrationTimes: readonly { tag: string; was: number; now: number }[] = [
  { tag: "0007_customer_list_indexes", was: 1795424464261, now: 1795497241143 },
  { tag: "0008_customer_withdrawals_index", was: 1795433193669, now: 1795497241144 },
  { tag: "0009_chain_transfers", was: 1795436177455, now: 1795497241145 },
  { tag: "0010_chain_matching", was: 1795443683618, now: 1795497241146 },
];

/**
 * Moves the recorded times of the moved migrations, where a database recorded the old ones. Does
 * nothing on a new database (no migrations table yet) or one already moved. Run it just before
 * the migrator, under the same lock.
 */
export async function moveRecordedMigrationTimes(db: Db): Promise<void> {
  const [table] = await queryRows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return;
  const pairs = sql.join(
    movedMigrationTimes.map((m) => sql`(${m.was}::bigint, ${m.now}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`update drizzle.__drizzle_migrations m set created_at = moved.now
                       from (values ${pairs}) as moved (was, now) where m.created_at = moved.was`);
}
