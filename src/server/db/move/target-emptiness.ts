// The target of a move must be an empty database (decision 043): the move never merges two sets of
// rows, and never overwrites anything. Checked on a plain connection, before the migrations run, so
// that a refused target is left exactly as it was.
import type pg from "pg";

export class TargetNotEmptyError extends Error {}

/** What the target already holds that a fresh database would not: tables and the like in public, drizzle's migrations table. */
export async function findTargetContents(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string; kind: string }>(`
    select n.nspname || '.' || c.relname as name,
           case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view' when 'm' then 'view'
                          when 'f' then 'foreign table' when 'S' then 'sequence' end as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where (n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S'))
       or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations')
    order by 1`);
  return rows.map((row) => `${row.kind} ${row.name}`);
}

/** Throws TargetNotEmptyError, naming what is there, unless the target is empty. */
export async function assertTargetEmpty(client: pg.ClientBase, shownUrl: string): Promise<void> {
  const contents = await findTargetContents(client);
  if (contents.length === 0) return;
  const shown = contents.slice(0, 5).join(", ") + (contents.length > 5 ? ` and ${contents.length - 5} more` : "");
  throw new TargetNotEmptyError(
    `The target database ${shownUrl} is not empty (${shown}). db:move copies only into an empty database, ` +
      "and has changed nothing in it. Create a new, empty database (createdb, or `create database … owner …`) and run it again.",
  );
}

/** The URL with its password hidden, for messages and the report. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(the --to URL)";
  }
}
