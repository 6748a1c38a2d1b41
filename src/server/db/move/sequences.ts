// Sequences after the copy: rows came with their ids, so the target's sequences (identity columns,
// serials) still stand at their start and would hand out ids the copied rows already have. Each is
// set to the highest id copied, or to where the source's stood when that is higher (ids of rows
// deleted since are not given out twice).
import { sql } from "drizzle-orm";
import pg from "pg";
import { queryRows, type Db } from "../client.ts";

export type SequenceSet = { sequence: string; value: string | null };

/** Sets every sequence of schema public on the target; answers each one's new value (null: nothing was ever drawn, left as new). */
export async function setSequences(source: Db, target: pg.ClientBase): Promise<SequenceSet[]> {
  const sourceValues = await queryRows<{ sequence: string; last_value: string | null }>(
    source,
    sql`select sequencename as sequence, last_value::text from pg_sequences where schemaname = 'public'`,
  );
  const drawn = new Map(sourceValues.map((row) => [row.sequence, row.last_value]));
  const { rows: owned } = await target.query<{ sequence: string; table: string | null; column: string | null }>(`
    select s.relname as sequence, t.relname as table, a.attname as column
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace
    left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    left join pg_class t on t.oid = d.refobjid
    left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and n.nspname = 'public'
    order by 1`);
  const set: SequenceSet[] = [];
  for (const { sequence, table, column } of owned) {
    const highest =
      table && column
        ? (
            await target.query<{ max: string | null }>(
              `select max(${pg.escapeIdentifier(column)})::text as max from public.${pg.escapeIdentifier(table)}`,
            )
          ).rows[0]!.max
        : null;
    const value = maxOf(drawn.get(sequence) ?? null, highest);
    if (value !== null)
      await target.query("select setval($1::regclass, $2::bigint, true)", [`public.${pg.escapeIdentifier(sequence)}`, value]);
    set.push({ sequence, value });
  }
  return set;
}

function maxOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return BigInt(a) >= BigInt(b) ? a : b;
}
