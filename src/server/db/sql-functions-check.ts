// Whether a database's functions and triggers are exactly those of src/server/db/functions
// (decision 048): tests/api/operations/sql-functions-match-their-files.test.ts asserts it on a new database, and operations/upgrades.test.ts
// on every upgraded one, where a function an old migration made and no file holds would linger.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./db-handle.ts";
import { readSqlFunctionFiles, sqlStatements, type SqlFunctionFile } from "./sql-functions.ts";

/** The names of the functions in schema public, except those an extension owns (pg_trgm's). */
export async function liveFunctionNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Every definition a function file can change: our functions, and the triggers on our tables. */
async function definitions(db: Db): Promise<string[]> {
  const rows = await queryRows<{ definition: string }>(
    db,
    sql`select pg_get_functiondef(p.oid) as definition from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        union all
        select pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
        order by 1`,
  );
  return rows.map((row) => row.definition);
}

class Undo extends Error {}

/**
 * The files whose statements would change the database: each is run inside a transaction that is
 * then rolled back, and the definitions before and after compared. An empty answer means every
 * function and trigger the files define is live exactly as written.
 */
export async function filesDifferingFromLive(db: Db, files: SqlFunctionFile[] = readSqlFunctionFiles()): Promise<string[]> {
  const differing: string[] = [];
  for (const file of files) {
    await db
      .transaction(async (tx) => {
        const before = await definitions(tx);
        for (const statement of sqlStatements(file.text)) await tx.execute(sql.raw(statement));
        const after = await definitions(tx);
        if (JSON.stringify(before) !== JSON.stringify(after)) differing.push(file.name);
        throw new Undo();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Undo)) throw error;
      });
  }
  return differing;
}
