// Reading transactions for customers: their own rows only, newest first, searchable.
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions } from "../db/schema.ts";
import type { TransactionRow } from "./ledger.ts";

/** The amount as people type it ("2500.00"), for searching. */
export const amountText = sql<string>`(${transactions.amountMinor} / 100)::text || '.' || lpad((${transactions.amountMinor} % 100)::text, 2, '0')`;

/** Escapes LIKE's wildcards so a search for "50%" looks for those characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listCustomerTransactions(
  db: Db,
  input: { userId: string; type: "all" | "deposit" | "withdraw"; q: string; page: number; pageSize: number },
): Promise<{ items: TransactionRow[]; total: number }> {
  const conditions: SQL[] = [eq(transactions.userId, input.userId)];
  if (input.type !== "all") conditions.push(eq(transactions.type, input.type));
  if (input.q !== "") {
    const pattern = likePattern(input.q);
    // Customer search matches amount, method text or status.
    conditions.push(or(ilike(amountText, pattern), ilike(transactions.reference, pattern), ilike(transactions.status, pattern))!);
  }
  const where = and(...conditions);
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

export async function recentTransactions(db: Db, userId: string, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}
