// Reading transactions: a customer's own rows, newest first, searchable; and the back office's list
// of everyone's, with a capped total (docs/product.md, Back office).
import { and, asc, between, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AdminTransactionDetailDto, AdminTransactionDto, ChainState, ListDirection, TransactionSort } from "#shared/admin-schemas.ts";
import { formatBdt, formatUsdt, isBdtAmount, parseBdt } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import { startOfDhakaDayAt } from "../db/dhaka-day.ts";
import { likePattern, lowerLikePattern } from "../db/like-pattern.ts";
import { cappedListPage, type CappedTotal, type Page } from "../db/paged-list.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { auditLog, chainTransfers, profiles, session, transactions, user } from "../db/schema.ts";
import { selectSessionWith } from "../auth/session-lookup.ts";
import { newSignInWithinSql } from "../account-security/sign-in-places.ts";
import { chainStateOf, evidenceTransferJoin, toChainEvidence, type ChainTransferRow } from "../chain/chain-evidence.ts";
import { isExpiredDeposit, payAmountOf, transactionFromJson, type TransactionJson, type TransactionRow } from "./ledger.ts";

/** The amount as people type it ("2500.00"), for searching. */
export const amountText = sql<string>`(${transactions.amountMinor} / 100)::text || '.' || lpad((${transactions.amountMinor} % 100)::text, 2, '0')`;

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
  // The page and the number of matches in one statement: the window count is taken over every
  // matching row before LIMIT and OFFSET apply.
  const rows = await db
    .select({ transaction: transactions, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const items = rows.map((row) => row.transaction);
  if (rows[0]) return { items, total: rows[0].total };
  // A page past the end has no row to carry the count: only then is it read on its own.
  if (input.page === 1) return { items, total: 0 };
  const [counted] = await db.select({ n: count() }).from(transactions).where(where);
  return { items, total: counted?.n ?? 0 };
}

/**
 * One of the customer's own transactions, for its receipt; null when the id is unknown or names
 * another customer's row (the route answers 404 alike, so ids of others cannot be probed).
 */
export async function findCustomerTransaction(db: Db, input: { userId: string; id: string }): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, input.id), eq(transactions.userId, input.userId)));
  return row ?? null;
}

/**
 * The session a wallet request's cookie names and that customer's Wallet screen, in one statement
 * (guards.requireUserReading): one round trip for the whole request. One statement is one snapshot,
 * so "available" (balance less the money held for pending withdrawals, both on the profile's row) is
 * never computed across an approval. The recent transactions come as one JSON array, built by the same
 * nexapay_transaction_json the money functions answer with: one value to decode instead of a row of
 * every column per transaction, which on PGlite cost more than the rest of the read (decision 017).
 * `wallet` is null when the user has no profile.
 */
export async function findSessionWithWallet(db: Db, token: string) {
  const [row] = await preparedSessionWallet(db).execute({ token });
  if (!row) return null;
  const { balance, held, recent, verified, withdrawnToday, ...facts } = row;
  const wallet =
    balance === null || held === null
      ? null
      : { balance, held, recent: recent.map((json) => transactionFromJson(json)), verified, withdrawnToday: BigInt(withdrawnToday) };
  return { ...facts, wallet };
}

/** How many transactions the Wallet screen shows. */
export const walletRecentCount = 5;

// The count is written into the statement, not passed as a value: with `LIMIT $n` PostgreSQL cannot
// cost a plan made once for every value, so it planned the statement again on every request, which
// on PGlite cost more than running it (0.9 ms of a 1.9 ms read; decision 017).
const preparedSessionWallet = preparedPerDatabase((db) =>
  selectSessionWith(db, {
    balance: profiles.balanceMinor,
    // Kept on the profile by a trigger on transactions (migration 0020): the same row as the balance.
    held: profiles.heldMinor,
    recent: sql<
      TransactionJson[]
    >`(select coalesce(jsonb_agg(nexapay_transaction_json(r.t) order by (r.t).created_at desc, (r.t).id desc), '[]'::jsonb)
      from (select t from transactions t where t.user_id = ${session.userId}
            order by t.created_at desc, t.id desc limit ${sql.raw(String(walletRecentCount))}) r)`,
    // The identity level and what was asked for today, for the withdrawal limits (decision 039),
    // counted as nexapay_request_withdrawal counts them.
    verified: sql<boolean>`exists (select 1 from verifications v where v.user_id = ${session.userId} and v.status = 'approved')`,
    withdrawnToday: sql<string>`(select coalesce(sum(w.amount_minor), 0)::text from transactions w
      where w.user_id = ${session.userId} and w.type = 'withdraw' and w.origin = 'customer'
        and w.status in ('pending', 'completed') and w.created_at >= ${startOfDhakaDayAt(sql`now()`)})`,
  }).prepare("nexapay_session_wallet"),
);

/**
 * Admin transactions match user, email, amount, method and payout reference. User, e-mail, method
 * and payout reference are text in search_text (migrations 0002 and 0011, one trigram index). An amount is matched as an amount:
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

/**
 * The admin list's order: by date or amount, either way, the id breaking ties the same way so that
 * pages never overlap. Each order is read off an index, forwards or backwards, whatever the filter
 * (migrations 0002 and 0012, decision 021).
 */
export function adminTransactionOrder(sort: TransactionSort, direction: ListDirection): SQL[] {
  const by = direction === "asc" ? asc : desc;
  const column = sort === "amount" ? transactions.amountMinor : transactions.createdAt;
  return [by(column), by(transactions.id)];
}

export async function listAdminTransactions(
  db: Db,
  input: Page & {
    sort: TransactionSort;
    direction: ListDirection;
    type: "all" | "deposit" | "withdraw";
    status: "all" | "pending" | "completed" | "rejected";
    chain: "all" | ChainState;
    q: string;
    /** Whether the chain watcher runs (TRON_API_URL is set): else every request's state is "off". */
    watcherOn: boolean;
  },
): Promise<{ items: AdminTransactionDto[] } & CappedTotal> {
  const conditions: SQL[] = [];
  if (input.type !== "all") conditions.push(eq(transactions.type, input.type));
  if (input.status !== "all") conditions.push(eq(transactions.status, input.status));
  if (input.chain !== "all") conditions.push(sql`${chainStateOf(input.watcherOn)} = ${input.chain}`);
  if (input.q !== "") conditions.push(transactionSearch(input.q));
  const order = adminTransactionOrder(input.sort, input.direction);
  const matching = () =>
    db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(...conditions))
      .orderBy(...order)
      .$dynamic();
  const { rows, ...counted } = await cappedListPage(
    db,
    { ...input, searching: input.q !== "" },
    {
      matching,
      rowsOf: (ids) =>
        adminTransactionRows(db, input.watcherOn)
          .where(inArray(transactions.id, ids))
          .orderBy(...order),
    },
  );
  return { items: rows.map(toAdminTransactionDto), ...counted };
}

/**
 * One transaction whole, for the back office's detail panel: the row as the list shows it, the
 * rate, who decided it, and its audit trail, oldest first (an adjustment's entry is written
 * against the customer and names the transaction in its details). Null for an unknown id.
 */
export async function getAdminTransaction(db: Db, id: string, watcherOn: boolean): Promise<AdminTransactionDetailDto | null> {
  const [row] = await adminTransactionRows(db, watcherOn).where(eq(transactions.id, id));
  if (!row) return null;
  const actor = alias(user, "actor");
  const auditRows = await db
    .select({ entry: auditLog, actorEmail: actor.email })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(
      or(
        and(eq(auditLog.targetType, "transaction"), eq(auditLog.targetId, id)),
        and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, row.t.userId), sql`${auditLog.details} ->> 'transactionId' = ${id}`),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return {
    ...toAdminTransactionDto(row),
    rate: row.t.rate,
    processedByEmail: row.processedByEmail,
    processedBySystem: row.t.status === "completed" && row.t.processedBy === null && row.t.origin === "customer",
    audit: auditRows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      actorId: entry.actorId,
      actorEmail,
      action: entry.action,
      details: entry.details,
      ip: entry.ip,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

const processor = alias(user, "processor");

/** How far back a sign-in from a new device or network counts as a risk fact beside a withdrawal (decision 039). */
export const newSignInRiskHours = 24;

const isCustomerWithdrawal = sql`${transactions.type} = 'withdraw' and ${transactions.origin} = 'customer'`;

/**
 * The facts an admin weighs beside a customer's withdrawal (decision 039), each one index probe per
 * row, and computed for withdrawals only (null for the rest):
 * - a new number: no other withdrawal of this customer to the same wallet and number was ever paid
 *   (the partial index of a customer's withdrawals, transactions_customer_withdrawals_user_created_idx);
 * - a sign-in from a device or network new to the account in the last 24 hours (sign_in_places' key).
 * Frozen and the second factor are columns of the rows already joined.
 */
const riskNewNumber = sql<boolean | null>`case when ${isCustomerWithdrawal} then not exists (
    select 1 from transactions w
    where w.user_id = ${transactions.userId} and w.type = 'withdraw' and w.origin = 'customer' and w.status = 'completed'
      and w.reference = ${transactions.reference} and w.id <> ${transactions.id}) end`;
const riskNewDeviceSignIn = sql<
  boolean | null
>`case when ${isCustomerWithdrawal} then ${newSignInWithinSql(transactions.userId, newSignInRiskHours)} end`;

/** The list's row: the transaction, its customer, who decided it, its chain state and the transfer behind it. */
function adminTransactionRows(db: Db, watcherOn: boolean) {
  return db
    .select({
      t: transactions,
      username: profiles.username,
      email: user.email,
      processedByEmail: processor.email,
      chainState: chainStateOf(watcherOn),
      evidence: chainTransfers,
      riskNewNumber,
      riskNewDeviceSignIn,
      frozenAt: profiles.frozenAt,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(transactions)
    .innerJoin(profiles, eq(profiles.id, transactions.userId))
    .innerJoin(user, eq(user.id, transactions.userId))
    .leftJoin(processor, eq(processor.id, transactions.processedBy))
    .leftJoin(chainTransfers, evidenceTransferJoin(watcherOn))
    .$dynamic();
}

function toAdminTransactionDto(row: {
  t: TransactionRow;
  username: string;
  email: string;
  chainState: ChainState | null;
  evidence: ChainTransferRow | null;
  riskNewNumber: boolean | null;
  riskNewDeviceSignIn: boolean | null;
  frozenAt: Date | null;
  twoFactorEnabled: boolean;
}): AdminTransactionDto {
  const { t } = row;
  return {
    id: t.id,
    userId: t.userId,
    username: row.username,
    email: row.email,
    type: t.type,
    amount: formatBdt(t.amountMinor),
    usdtAmount: t.usdtMicro === null ? null : formatUsdt(t.usdtMicro),
    status: t.status,
    reference: t.reference,
    origin: t.origin,
    rejectReason: t.rejectReason,
    payoutReference: t.payoutReference,
    createdAt: t.createdAt.toISOString(),
    processedAt: t.processedAt?.toISOString() ?? null,
    fromAddress: t.fromAddress,
    txid: t.txid,
    payAmount: payAmountOf(t),
    expiresAt: t.expiresAt?.toISOString() ?? null,
    expired: isExpiredDeposit(t),
    chain: toChainEvidence(row.chainState, row.evidence),
    risk:
      row.riskNewNumber === null || row.riskNewDeviceSignIn === null
        ? null
        : {
            newNumber: row.riskNewNumber,
            newDeviceSignIn24h: row.riskNewDeviceSignIn,
            frozenByCustomer: row.frozenAt !== null,
            secondFactor: row.twoFactorEnabled,
          },
  };
}
