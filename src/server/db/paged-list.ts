// The back office's lists, paginated on the server (decision 010). Every list answers one page of
// rows and a total, read one of two ways: the two big lists (transactions, users) choose the page's
// ids first and count up to a cap; the others (SIMs, verifications, audit log, contact messages)
// grow with customers, not payments, and count exactly.
import { count } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

export type Page = { page: number; pageSize: number };
export const offsetOf = (p: Page) => (p.page - 1) * p.pageSize;

/**
 * How far the two big lists count. An exact count of a million transactions costs more than the
 * page itself, so a total stops at the cap and says so (`totalCapped`); the screen then offers
 * the pages up to the cap and asks for a narrower filter (decision 010). A search shows its newest
 * 1,000 matches; a filter alone, its newest 10,000 rows.
 */
export const listCountCaps = { filtered: 10_000, searched: 1_000 } as const;

export type CappedTotal = { total: number; totalCapped: boolean };

type PageOfIds = CappedTotal & { ids: string[] };

/**
 * One page of a list with a capped total. The page's ids are chosen from the one table
 * (`matching`: its ids, filtered and in list order), and only those rows are read with their
 * joins (`rowsOf`, in list order): OFFSET never looks up the customer of a skipped row.
 */
export async function cappedListPage<Row>(
  db: Db,
  input: Page & { searching: boolean },
  query: { matching: () => PgSelect; rowsOf: (ids: string[]) => Promise<Row[]> },
): Promise<{ rows: Row[] } & CappedTotal> {
  const { ids, ...counted } = await pageOfIds(db, query.matching, input);
  return { rows: ids.length === 0 ? [] : await query.rowsOf(ids), ...counted };
}

/**
 * One page of a list counted exactly: the page (`rows`, given its LIMIT and OFFSET) and the count
 * (`count`, on the same filters and joins) run at once, on separate connections on PostgreSQL.
 */
export async function exactListPage<Row>(
  input: Page,
  query: { rows: (slice: { limit: number; offset: number }) => Promise<Row[]>; count: () => Promise<{ n: number }[]> },
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [counted]] = await Promise.all([query.rows({ limit: input.pageSize, offset: offsetOf(input) }), query.count()]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * The ids of one page of `matching` (a select of the list's ids, filtered and in list order) and
 * the capped total.
 * - A filter alone: the page is read off an index with OFFSET, and the count stops at the cap;
 *   both walk a b-tree in order and stop early.
 * - A search: the newest cap + 1 matches' ids are read once; their number is the total and the
 *   page is a slice of them. The planner then weighs one bounded question (walk the date index
 *   until 1,001 rows match, or take the trigram index's candidates and sort them), instead of
 *   guessing how far an OFFSET will walk before ten rows match.
 */
async function pageOfIds(db: Db, matching: () => PgSelect, input: Page & { searching: boolean }): Promise<PageOfIds> {
  const offset = offsetOf(input);
  if (input.searching) {
    const cap = listCountCaps.searched;
    const rows = idsOf(await matching().limit(cap + 1));
    return {
      ids: rows.slice(offset, Math.min(offset + input.pageSize, cap)),
      total: Math.min(rows.length, cap),
      totalCapped: rows.length > cap,
    };
  }
  const cap = listCountCaps.filtered;
  const [rows, [counted]] = await Promise.all([
    matching().limit(input.pageSize).offset(offset),
    db.select({ n: count() }).from(
      matching()
        .limit(cap + 1)
        .as("matching"),
    ),
  ]);
  const n = counted?.n ?? 0;
  return { ids: idsOf(rows), total: Math.min(n, cap), totalCapped: n > cap };
}

const idsOf = (rows: Record<string, unknown>[]): string[] => rows.map((row) => String(row.id));
