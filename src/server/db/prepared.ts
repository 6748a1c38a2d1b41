// Statements that run on every request of a hot route are built once per database handle and
// prepared (a named statement on PostgreSQL, parsed and planned once per connection). Building a
// drizzle query walks its whole tree; on the wallet read that cost more CPU than everything else the
// server did for the request (bench/api, decision 017). Values go in as `sql.placeholder(name)`.
import type { Db } from "./client.ts";

/**
 * `build(db)` once per database handle, then the same prepared query for that handle (the server has
 * one; the tests open several).
 */
export function preparedPerDatabase<Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const byDatabase = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
