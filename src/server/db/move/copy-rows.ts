// Copies one table's rows from the embedded database to PostgreSQL in batches. Each row travels as
// the text of the table's row type (`t::text` on the source, an array of that row type on the
// target): PostgreSQL's own output and input of every column type, so bigint, numeric, timestamptz,
// bytea, arrays and jsonb come back exactly, and one INSERT takes a whole batch.
//
// The source hands a batch over as one COPY to PGlite's '/dev/blob' rather than as result rows:
// measured on 10,000 transactions, fetching them from a cursor took 3.4 s (PGlite hands each row
// over as a JavaScript object), the same text through COPY 1.8 s, most of it the first read of the
// table's pages. to_json was slower than either: PGlite spends 0.2 ms per row building the JSON.
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../client.ts";
import type { TableToMove } from "./tables.ts";

/** Rows per batch: a few megabytes at the widest rows this schema has. */
export const rowsPerBatch = 5000;

/** Copies every row of `table`; answers how many. The target's triggers are the caller's business (target-triggers.ts). */
export async function copyTableRows(source: Db, target: pg.ClientBase, table: TableToMove): Promise<number> {
  const name = `public.${pg.escapeIdentifier(table.name)}`;
  const columns = table.columns.map((column) => pg.escapeIdentifier(column)).join(", ");
  // GENERATED ALWAYS identity values are refused unless the INSERT says it brings its own.
  const overriding = table.identityAlways ? "overriding system value" : "";
  // Generated columns are in the row text too; the target computes its own.
  const insert = `insert into ${name} (${columns}) ${overriding} select ${columns} from unnest($1::${name}[])`;
  let copied = 0;
  await source.transaction(async (tx) => {
    // The row text depends on these settings; pinned to forms every PostgreSQL reads back unchanged.
    await tx.execute(sql.raw("set local datestyle = 'ISO, YMD'"));
    await tx.execute(sql.raw("set local intervalstyle = 'postgres'"));
    await tx.execute(sql.raw("set local bytea_output = 'hex'"));
    await tx.execute(sql.raw("set local extra_float_digits = 1"));
    // Batches follow the rows' physical places (ctid), which stay put: this process holds the
    // database's lock, so nothing else writes to it meanwhile.
    let after = "(0,0)";
    for (;;) {
      const batch = await readBatch(tx, name, after);
      if (batch.rows.length === 0) break;
      await target.query(insert, [batch.rows]);
      copied += batch.rows.length;
      after = batch.last;
    }
  });
  return copied;
}

async function readBatch(tx: Db, name: string, after: string): Promise<{ rows: string[]; last: string }> {
  const query = `copy (select t.ctid, t::text from ${name} t where t.ctid > '${after}'::tid order by t.ctid limit ${rowsPerBatch}) to '/dev/blob'`;
  // PGlite answers a COPY TO '/dev/blob' with the file as `blob` beside the usual fields; drizzle passes its answer on as it is.
  const result: unknown = await tx.execute(sql.raw(query));
  const blob = (result as { blob?: Blob }).blob;
  const text = blob ? await blob.text() : "";
  const rows: string[] = [];
  let last = after;
  // COPY's text format: one line per row, tab between fields, and only newlines within a value escaped.
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    last = line.slice(0, tab);
    rows.push(unescapeCopyText(line.slice(tab + 1)));
  }
  if (!/^\(\d+,\d+\)$/.test(last)) throw new Error(`Unexpected row position from COPY: ${last.slice(0, 40)}`);
  return { rows, last };
}

const copyEscapes: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/** Undoes COPY's text escapes (a backslash before a character, or a letter for a control character). */
export function unescapeCopyText(field: string): string {
  return field.includes("\\") ? field.replace(/\\(.)/g, (_, c: string) => copyEscapes[c] ?? c) : field;
}
