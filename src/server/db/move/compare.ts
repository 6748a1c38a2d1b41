// What a move checks after its copy (decision 043): both databases hold the same tables with the
// same columns, the same number of rows in each, and the same migrations recorded.
import { sql } from "drizzle-orm";
import pg from "pg";
import { queryRows, type Db } from "../client.ts";
import type { TableToMove } from "./tables.ts";

/** Refuses to copy between schemas that differ: both are migrated to this build's HEAD, so a difference is a bug worth stopping for. */
export function assertSameTables(source: TableToMove[], target: TableToMove[]): void {
  const shape = (tables: TableToMove[]) => new Map(tables.map((t) => [t.name, t.layout.join(", ")]));
  const sourceShape = shape(source);
  const targetShape = shape(target);
  const differing = [...new Set([...sourceShape.keys(), ...targetShape.keys()])].filter(
    (name) => sourceShape.get(name) !== targetShape.get(name),
  );
  if (differing.length > 0) {
    throw new Error(
      `After both were migrated, these tables differ between the embedded database and the target: ${differing.join(", ")}. Nothing was copied.`,
    );
  }
}

export async function countRows(db: Db, tables: TableToMove[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await queryRows<{ n: string }>(db, sql.raw(`select count(*)::text as n from public.${pg.escapeIdentifier(table.name)}`));
    counts.set(table.name, Number(row?.n ?? 0));
  }
  return counts;
}

/**
 * `same`: both recorded the same migrations (drizzle's table: one row per migration, by journal
 * time). `otherHashes`: how many of them were recorded with another file hash, as happens when a
 * migration's file was edited after the source applied it; said in the report, not a failure.
 */
export type RecordedMigrations = { source: number; target: number; same: boolean; otherHashes: number };

/** Compares drizzle's migrations table of both databases. */
export async function compareRecordedMigrations(source: Db, target: Db): Promise<RecordedMigrations> {
  const read = (db: Db) =>
    queryRows<{ created_at: string; hash: string }>(
      db,
      sql`select created_at::text, hash from drizzle.__drizzle_migrations order by created_at`,
    );
  const [a, b] = [await read(source), await read(target)];
  const same = a.length === b.length && a.every((row, i) => row.created_at === b[i]!.created_at);
  const otherHashes = same ? a.filter((row, i) => row.hash !== b[i]!.hash).length : 0;
  return { source: a.length, target: b.length, same, otherHashes };
}
