// What the back office reads: paginated, filtered and searched on the server (docs/product.md,
// Back office; what each search matches: Validation rules). Every list answers {items, total}; the
// routes add page and pageSize.
import { and, between, count, desc, eq, gte, ilike, inArray, like, or, sql, sum, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { formatBdt, formatUsdt, isBdtAmount, parseBdt } from "../../shared/money.ts";
import type { AdminTransactionDto, AdminUserDto } from "../../shared/admin-schemas.ts";
import { queryRows, type Db } from "../db/client.ts";
import { adminUsers, auditLog, extendedProfiles, profiles, sims, transactions, user, verifications } from "../db/schema.ts";
import { likePattern } from "../wallet/transaction-queries.ts";

type Page = { page: number; pageSize: number };
const offsetOf = (p: Page) => (p.page - 1) * p.pageSize;

/**
 * How far the two big lists count. An exact count of a million transactions costs more than the
 * page itself, so a total stops at the cap and says so (`totalCapped`); the screen then offers
 * the pages up to the cap and asks for a narrower filter (decision 010). A search shows its newest
 * 1,000 matches; a filter alone, its newest 10,000 rows.
 */
export const listCountCaps = { filtered: 10_000, searched: 1_000 } as const;

type CappedTotal = { total: number; totalCapped: boolean };

/**
 * search_text is stored lower-cased, so a lower-cased pattern and LIKE find what ILIKE would, with
 * less work per row (case-insensitive comparison folds every character of every row it reads).
 */
const lowerLikePattern = (q: string) => likePattern(q.toLowerCase());
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

/**
 * Admin transactions match user, email, amount and method. User, e-mail and method are
 * text in search_text (migration 0002, one trigram index). An amount is matched as an amount:
 * "1250" finds 1,250.00–1,250.99 BDT, "1250.5" finds 1,250.50; the search box has already
 * dropped the grouping commas of "1,250".
 */
function transactionSearch(q: string): SQL {
  const asText = like(transactions.searchText, lowerLikePattern(q));
  if (!isBdtAmount(q)) return asText;
  const from = parseBdt(q);
  const to = q.includes(".") ? from : from + 99n;
  return or(asText, between(transactions.amountMinor, from, to))!;
}

export async function listAdminTransactions(
  db: Db,
  input: Page & { type: "all" | "deposit" | "withdraw"; status: "all" | "pending" | "completed" | "rejected"; q: string },
): Promise<{ items: AdminTransactionDto[] } & CappedTotal> {
  const conditions: SQL[] = [];
  if (input.type !== "all") conditions.push(eq(transactions.type, input.type));
  if (input.status !== "all") conditions.push(eq(transactions.status, input.status));
  if (input.q !== "") conditions.push(transactionSearch(input.q));
  const matching = () =>
    db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(...conditions))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .$dynamic();
  const { ids, ...counted } = await pageOfIds(db, matching, { ...input, searching: input.q !== "" });
  // Only the page's rows are joined to their customers.
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(transactions)
          .innerJoin(profiles, eq(profiles.id, transactions.userId))
          .innerJoin(user, eq(user.id, transactions.userId))
          .where(inArray(transactions.id, ids))
          .orderBy(desc(transactions.createdAt), desc(transactions.id));
  return {
    items: rows.map(({ transactions: t, profiles: p, user: u }) => ({
      id: t.id,
      userId: t.userId,
      username: p.username,
      email: u.email,
      type: t.type,
      amount: formatBdt(t.amountMinor),
      usdtAmount: t.usdtMicro === null ? null : formatUsdt(t.usdtMicro),
      status: t.status,
      reference: t.reference,
      origin: t.origin,
      rejectReason: t.rejectReason,
      createdAt: t.createdAt.toISOString(),
      processedAt: t.processedAt?.toISOString() ?? null,
    })),
    ...counted,
  };
}

export async function listAdminUsers(
  db: Db,
  input: Page & { q: string; status: "all" | "active" | "suspended" },
): Promise<{ items: AdminUserDto[] } & CappedTotal> {
  const conditions: SQL[] = [];
  if (input.status !== "all") conditions.push(eq(profiles.isSuspended, input.status === "suspended"));
  // Users match e-mail, username and full name, kept in profiles.search_text (migration 0002).
  if (input.q !== "") conditions.push(like(profiles.searchText, lowerLikePattern(input.q)));
  const matching = () =>
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(...conditions))
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .$dynamic();
  const { ids, ...counted } = await pageOfIds(db, matching, { ...input, searching: input.q !== "" });
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: profiles.id,
            email: user.email,
            username: profiles.username,
            fullName: profiles.fullName,
            phone: profiles.phone,
            country: profiles.country,
            balance: profiles.balanceMinor,
            isSuspended: profiles.isSuspended,
            verificationStatus: verifications.status,
            adminRole: adminUsers.adminRole,
            createdAt: profiles.createdAt,
          })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.id))
          .leftJoin(verifications, eq(verifications.userId, profiles.id))
          .leftJoin(adminUsers, eq(adminUsers.userId, profiles.id))
          .where(inArray(profiles.id, ids))
          .orderBy(desc(profiles.createdAt), desc(profiles.id));
  return {
    items: rows.map((r) => ({
      ...r,
      balance: formatBdt(r.balance),
      verificationStatus: r.verificationStatus ?? "none",
      adminRole: r.adminRole ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    ...counted,
  };
}

export async function listAdminSims(db: Db, input: Page & { q: string; status: "all" | "pending" | "active" | "rejected" }) {
  const conditions: SQL[] = [];
  if (input.status !== "all") conditions.push(eq(sims.status, input.status));
  if (input.q !== "") {
    const pattern = likePattern(input.q);
    conditions.push(or(ilike(sims.phoneNumber, pattern), ilike(user.email, pattern), ilike(profiles.username, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: sims.id,
        userId: sims.userId,
        email: user.email,
        username: profiles.username,
        phoneNumber: sims.phoneNumber,
        walletType: sims.walletType,
        status: sims.status,
        createdAt: sims.createdAt,
      })
      .from(sims)
      .innerJoin(user, eq(user.id, sims.userId))
      .innerJoin(profiles, eq(profiles.id, sims.userId))
      .where(where)
      .orderBy(desc(sims.createdAt), desc(sims.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db
      .select({ n: count() })
      .from(sims)
      .innerJoin(user, eq(user.id, sims.userId))
      .innerJoin(profiles, eq(profiles.id, sims.userId))
      .where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: totalRow?.n ?? 0 };
}

export async function listAdminVerifications(db: Db, input: Page & { q: string; status: "all" | "pending" | "approved" | "rejected" }) {
  const conditions: SQL[] = [];
  if (input.status !== "all") conditions.push(eq(verifications.status, input.status));
  if (input.q !== "") {
    const pattern = likePattern(input.q);
    // Verifications match email, name and user id, case-insensitively.
    conditions.push(or(ilike(user.email, pattern), ilike(profiles.fullName, pattern), ilike(sql`${verifications.userId}::text`, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: verifications.id,
        userId: verifications.userId,
        userName: profiles.fullName,
        userEmail: user.email,
        documentType: verifications.documentType,
        status: verifications.status,
        createdAt: verifications.createdAt,
        updatedAt: verifications.updatedAt,
      })
      .from(verifications)
      .innerJoin(user, eq(user.id, verifications.userId))
      .innerJoin(profiles, eq(profiles.id, verifications.userId))
      .where(where)
      .orderBy(desc(verifications.createdAt), desc(verifications.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db
      .select({ n: count() })
      .from(verifications)
      .innerJoin(user, eq(user.id, verifications.userId))
      .innerJoin(profiles, eq(profiles.id, verifications.userId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    total: totalRow?.n ?? 0,
  };
}

export async function listAdminAccounts(db: Db) {
  const rows = await db
    .select({
      id: adminUsers.id,
      userId: adminUsers.userId,
      email: user.email,
      adminRole: adminUsers.adminRole,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: adminUsers.createdAt,
    })
    .from(adminUsers)
    .innerJoin(user, eq(user.id, adminUsers.userId))
    .orderBy(desc(adminUsers.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function listAuditLog(db: Db, input: Page & { action: string }) {
  const where = input.action !== "" ? eq(auditLog.action, input.action) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorEmail: user.email,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        ip: auditLog.ip,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, actorEmail: r.actorEmail ?? null, createdAt: r.createdAt.toISOString() })),
    total: totalRow?.n ?? 0,
  };
}

export async function getAdminProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: profiles.id,
      email: user.email,
      fullName: profiles.fullName,
      phone: profiles.phone,
      address: extendedProfiles.address,
      documentNumber: extendedProfiles.documentNumber,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(extendedProfiles, eq(extendedProfiles.userId, profiles.id))
    .where(eq(profiles.id, userId));
  return row ? { ...row, address: row.address ?? null, documentNumber: row.documentNumber ?? null } : null;
}

/** The dashboard's figures; "today" and the 30 days are calendar days in Asia/Dhaka. */
export async function adminStats(db: Db, now: Date) {
  const startOfDhakaDay = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka')`;
  // Four independent reads: on PostgreSQL they run at once, on separate pool connections.
  const [[users], [pending], [today], daily] = await Promise.all([
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
        deposits: sql<string>`coalesce(sum(${transactions.amountMinor}) filter (where ${transactions.type} = 'deposit'), 0)::text`,
        withdrawals: sql<string>`coalesce(sum(${transactions.amountMinor}) filter (where ${transactions.type} = 'withdraw'), 0)::text`,
      })
      .from(transactions)
      .where(and(eq(transactions.status, "completed"), gte(transactions.processedAt, startOfDhakaDay))),
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
        sum(amount_minor) filter (where type = 'deposit') as deposits,
        sum(amount_minor) filter (where type = 'withdraw') as withdrawals
      from transactions
      where status = 'completed'
        and processed_at >= (date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Asia/Dhaka') - interval '29 days') at time zone 'Asia/Dhaka'
      group by 1
    )
    select d.day, coalesce(v.deposits, 0)::text as deposits, coalesce(v.withdrawals, 0)::text as withdrawals
    from days d left join volume v on v.day = d.day
    order by d.day`,
    ),
  ]);
  return {
    totalUsers: users?.total ?? 0,
    activeUsers: users?.active ?? 0,
    totalBalance: formatBdt(BigInt(users?.balance ?? "0")),
    pendingDeposits: pending?.deposits ?? 0,
    pendingWithdrawals: pending?.withdrawals ?? 0,
    todayApprovedDeposits: formatBdt(BigInt(today?.deposits ?? "0")),
    todayApprovedWithdrawals: formatBdt(BigInt(today?.withdrawals ?? "0")),
    daily: daily.map((d) => ({ day: d.day, deposits: formatBdt(BigInt(d.deposits)), withdrawals: formatBdt(BigInt(d.withdrawals)) })),
  };
}
