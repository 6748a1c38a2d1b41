// Which tables a move copies, and in what order: every table of schema public, as the source's own
// catalog lists them (nothing hard-coded, so a table a later migration adds moves too), parents
// before the tables whose foreign keys point at them.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../client.ts";

export type TableToMove = {
  name: string;
  /** The columns a row is copied by: every stored one, generated columns left to the target. */
  columns: string[];
  /** A GENERATED ALWAYS identity column: its values are copied with OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
  /** Every column in order, generated ones too, with its type: rows travel as the table's row type, so both sides must agree on it. */
  layout: string[];
};

/** The tables of schema public, in an order where every table comes after those it references. */
export async function listTablesToMove(db: Db): Promise<TableToMove[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; type: string; identity: string; generated: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
               a.attidentity::text as identity, a.attgenerated::text as generated
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableToMove>();
  for (const row of columns) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], identityAlways: false, layout: [] };
    if (row.generated === "") table.columns.push(row.column_name);
    if (row.identity === "a") table.identityAlways = true;
    table.layout.push(`${row.column_name} ${row.type}${row.generated === "" ? "" : " generated"}`);
    tables.set(row.table_name, table);
  }
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
        where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'`,
  );
  return orderByReferences([...tables.values()], references);
}

/**
 * Parents first (a topological sort; ties by name, so the order is the same on every run). A table
 * referencing itself is fine: each batch is one INSERT, and PostgreSQL checks its foreign keys at
 * the statement's end. Tables referencing each other in a cycle cannot be ordered: refused by name.
 */
export function orderByReferences<T extends { name: string }>(tables: T[], references: { child: string; parent: string }[]): T[] {
  const waitingFor = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && waitingFor.has(parent)) waitingFor.get(child)?.add(parent);
  }
  const ordered: T[] = [];
  const remaining = new Map(tables.map((table) => [table.name, table]));
  while (remaining.size > 0) {
    const ready = [...remaining.values()]
      .filter((table) => [...waitingFor.get(table.name)!].every((parent) => !remaining.has(parent)))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    if (ready.length === 0) {
      throw new Error(`These tables reference each other in a cycle, so no order can copy them: ${[...remaining.keys()].join(", ")}`);
    }
    for (const table of ready) {
      ordered.push(table);
      remaining.delete(table.name);
    }
  }
  return ordered;
}
