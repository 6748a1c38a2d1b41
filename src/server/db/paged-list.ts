// The back office's lists, paginated on the server (decision 010): the page size and the capped
// totals of the two big lists (transactions, users), and how a page of their ids is read.
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
 * The ids of one page of `matching` (a select of the list's ids, filtered and in list order) and
 * the capped total.
 * - A filter alone: the page is read off an index with OFFSET, and the count stops at the cap;
 *   both walk a b-tree in order and stop early.
 * - A search: the newest cap + 1 matches' ids are read once; their number is the total and the
 *   page is a slice of them. The planner then weighs one bounded question (walk the date index
 *   until 1,001 rows match, or take the trigram index's candidates and sort them), instead of
 *   guessing how far an OFFSET will walk before ten rows match.
 */
export async function pageOfIds(db: Db, matching: () => PgSelect, input: Page & { searching: boolean }): Promise<PageOfIds> {
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
