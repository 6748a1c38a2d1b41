// The back office dashboard's figures: users, balances, pending requests, requests awaiting a
// second admin, approved volume, and the day's balance adjustments.
import { and, count, eq, gte, sql, sum } from "drizzle-orm";
import { formatBdt } from "#shared/money.ts";
import { countAwaitingSecondApprovals } from "../approvals/second-approval-queries.ts";
import { queryRows, type Db } from "../db/client.ts";
import { startOfDhakaDay } from "../db/dhaka-day.ts";
import { profiles, transactions } from "../db/schema.ts";

/**
 * The sum of today's completed transactions of one type and origin, in poisha as text. Customers'
 * approved deposits and withdrawals count only their own requests; an admin's balance adjustment is
 * a figure of its own, not a deposit anyone made (decision 021).
 */
function completedSum(type: "deposit" | "withdraw", origin: "customer" | "admin_adjustment") {
  return sql<string>`coalesce(sum(${transactions.amountMinor}) filter (where ${transactions.type} = ${type} and ${transactions.origin} = ${origin}), 0)::text`;
}

/** The dashboard's figures; "today" and the 30 days are calendar days in Asia/Dhaka. */
export async function adminStats(db: Db, now: Date) {
  // Five independent reads: on PostgreSQL they run at once, on separate pool connections.
  const [[users], [pending], [today], daily, awaitingSecondApproval] = await Promise.all([
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where not ${profiles.isSuspended})`.mapWith(Number),
        balance: sum(profiles.balanceMinor),
      })
      .from(profiles),
    db
      .select({
        deposits: sql<number>`count(*) filter (where ${transactions.type} = 'deposit')`.mapWith(Number),
        withdrawals: sql<number>`count(*) filter (where ${transactions.type} = 'withdraw')`.mapWith(Number),
      })
      .from(transactions)
      .where(eq(transactions.status, "pending")),
    db
      .select({
        deposits: completedSum("deposit", "customer"),
        withdrawals: completedSum("withdraw", "customer"),
        adjustmentsAdded: completedSum("deposit", "admin_adjustment"),
        adjustmentsSubtracted: completedSum("withdraw", "admin_adjustment"),
      })
      .from(transactions)
      .where(and(eq(transactions.status, "completed"), gte(transactions.processedAt, startOfDhakaDay(now)))),
    // One pass over the completed transactions of the last 30 Dhaka days (a partial index on
    // processed_at, migration 0003), grouped by day; the days without any are filled with zeros.
    queryRows<{ day: string; deposits: string; withdrawals: string }>(
      db,
      sql`
    with days as (
      select to_char(date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Asia/Dhaka') - n * interval '1 day', 'YYYY-MM-DD') as day
      from generate_series(0, 29) as n
    ), volume as (
      select to_char(processed_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as day,
        sum(amount_minor) filter (where type = 'deposit' and origin = 'customer') as deposits,
        sum(amount_minor) filter (where type = 'withdraw' and origin = 'customer') as withdrawals
      from transactions
      where status = 'completed'
        and processed_at >= (date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Asia/Dhaka') - interval '29 days') at time zone 'Asia/Dhaka'
      group by 1
    )
    select d.day, coalesce(v.deposits, 0)::text as deposits, coalesce(v.withdrawals, 0)::text as withdrawals
    from days d left join volume v on v.day = d.day
    order by d.day`,
    ),
    countAwaitingSecondApprovals(db),
  ]);
  return {
    totalUsers: users?.total ?? 0,
    activeUsers: users?.active ?? 0,
    totalBalance: formatBdt(BigInt(users?.balance ?? "0")),
    pendingDeposits: pending?.deposits ?? 0,
    pendingWithdrawals: pending?.withdrawals ?? 0,
    todayApprovedDeposits: formatBdt(BigInt(today?.deposits ?? "0")),
    todayApprovedWithdrawals: formatBdt(BigInt(today?.withdrawals ?? "0")),
    todayAdjustmentsAdded: formatBdt(BigInt(today?.adjustmentsAdded ?? "0")),
    todayAdjustmentsSubtracted: formatBdt(BigInt(today?.adjustmentsSubtracted ?? "0")),
    awaitingSecondApproval,
    daily: daily.map((d) => ({ day: d.day, deposits: formatBdt(BigInt(d.deposits)), withdrawals: formatBdt(BigInt(d.withdrawals)) })),
  };
}
