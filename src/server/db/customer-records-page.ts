// One page of a back-office list of records that each belong to a customer (SIMs, identity
// verifications): filtered by status, searched case-insensitively over a few columns, by date either way.
// Every row is read with its owner's account (`user`) and profile (`profiles`), so that the admin
// sees whose it is; the page and its exact count go through the same joins and filters.
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import { likePattern } from "./like-pattern.ts";
import { exactListPage, type Page } from "./paged-list.ts";
import { profiles, user } from "./schema.ts";

export type CustomerRecordsQuery = Page & { q: string; status: string; direction: "asc" | "desc" };

/** By date, newest first ("desc") or oldest first ("asc", the queue's order: decision 021); the id breaks ties. */
export function newestOrOldestFirst(direction: "asc" | "desc", createdAt: PgColumn, id: PgColumn): SQL[] {
  const by = direction === "asc" ? asc : desc;
  return [by(createdAt), by(id)];
}

type CustomerRecords<Row> = {
  table: PgTable;
  ownerId: PgColumn;
  statusColumn: PgColumn;
  /** Where a search looks (a contains-match on each, any may match). */
  searchIn: (PgColumn | SQL)[];
  /** The page's rows: a select from `table`, passed through `withOwner` (the joins and filters), newest first, sliced. */
  rows: (withOwner: <Q extends PgSelect>(query: Q) => Q, slice: { limit: number; offset: number }) => Promise<Row[]>;
};

export async function customerRecordsPage<Row>(db: Db, input: CustomerRecordsQuery, records: CustomerRecords<Row>) {
  const where = and(
    input.status !== "all" ? eq(records.statusColumn, input.status) : undefined,
    input.q !== "" ? or(...records.searchIn.map((column) => ilike(column, likePattern(input.q)))) : undefined,
  );
  // The joins add no column to an explicit select, so a query keeps its row type through them;
  // drizzle's types cannot follow a join made on a generic query, hence the cast.
  const withOwner = <Q extends PgSelect>(query: Q): Q =>
    query.innerJoin(user, eq(user.id, records.ownerId)).innerJoin(profiles, eq(profiles.id, records.ownerId)).where(where) as unknown as Q;
  return exactListPage(input, {
    rows: (slice) => records.rows(withOwner, slice),
    count: () => withOwner(db.select({ n: count() }).from(records.table).$dynamic()),
  });
}
