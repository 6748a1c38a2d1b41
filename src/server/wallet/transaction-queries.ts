// Reading transactions: a customer's own rows, newest first, searchable; and the back office's list
// of everyone's, with a capped total (docs/product.md, Back office).
import { and, asc, between, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import assert from "node:assert/strict";
import type {
  AdminTransactionDetailDto,
  AdminTransactionDto,
  ChainState,
  DecisionFactsDto,
  ListDirection,
  TransactionSort,
} from "#shared/admin-schemas.ts";
import { bdtForUsdt, formatBdt, formatUsdt, isBdtAmount, parseBdt, parseRate } from "#shared/money.ts";
import { queryRows, type Db } from "../db/client.ts";
import { startOfDhakaDayAt } from "../db/dhaka-day.ts";
import { likePattern, lowerLikePattern } from "../db/like-pattern.ts";
import { cappedListPage, type CappedTotal, type Page } from "../db/paged-list.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { auditLog, chainTransfers, profiles, session, transactions, user } from "../db/schema.ts";
import { selectSessionWith } from "../auth/session-lookup.ts";
import { newSignInWithinSql } from "../account-security/sign-in-places.ts";
import { chainStateOf, evidenceTransferJoin, toChainEvidence, type ChainTransferRow } from "../chain/chain-evidence.ts";
import {
  customerFactsSql,
  isExpiredDeposit,
  payAmountOf,
  transactionFromJson,
  type CustomerFacts,
  type TransactionJson,
  type TransactionRow,
} from "./transaction-dto.ts";

/** A customer's transaction with what they see of it beyond its row (decision 040). */
export type CustomerTransaction = { transaction: TransactionRow; facts: CustomerFacts };

/** The amount as people type it ("2500.00"), for searching. */
export const amountText = sql<string>`(${transactions.amountMinor} / 100)::text || '.' || lpad((${transactions.amountMinor} % 100)::text, 2, '0')`;

export async function listCustomerTransactions(
  db: Db,
  input: { userId: string; type: "all" | "deposit" | "withdraw"; q: string; page: number; pageSize: number; watcherOn: boolean },
): Promise<{ items: CustomerTransaction[]; total: number }> {
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
    .select({
      transaction: transactions,
      facts: customerFactsSql(sql`transactions`, input.watcherOn),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const items = rows.map(({ transaction, facts }) => ({ transaction, facts }));
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
export async function findCustomerTransaction(
  db: Db,
  input: { userId: string; id: string; watcherOn: boolean },
): Promise<CustomerTransaction | null> {
  const [row] = await db
    .select({ transaction: transactions, facts: customerFactsSql(sql`transactions`, input.watcherOn) })
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
export async function findSessionWithWallet(db: Db, token: string, watcherOn: boolean) {
  const [row] = await preparedSessionWallet(db).execute({ token, watcherOn });
  if (!row) return null;
  const { balance, held, recent, verified, withdrawnToday, ...facts } = row;
  const wallet =
    balance === null || held === null
      ? null
      : {
          balance,
          held,
          recent: recent.map(({ facts: customerFacts, ...json }) => ({ transaction: transactionFromJson(json), facts: customerFacts })),
          verified,
          withdrawnToday: BigInt(withdrawnToday),
        };
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
    // Kept on the profile by a trigger on transactions (src/server/db/functions/nexapay_keep_held_money.sql):
    // the same row as the balance.
    held: profiles.heldMinor,
    // Each with what the customer sees of it beyond the row (decision 040), under "facts".
    recent: sql<(TransactionJson & { facts: CustomerFacts })[]>`(select coalesce(jsonb_agg(nexapay_transaction_json(r.t)
        || jsonb_build_object('facts', nexapay_customer_transaction_facts(r.t, ${sql.placeholder("watcherOn")}::boolean))
        order by (r.t).created_at desc, (r.t).id desc), '[]'::jsonb)
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
 * and payout reference are text in search_text (src/server/db/functions/transactions_set_search_text.sql; one trigram index, migration 0002). An amount is matched as an amount:
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
  } & FourEyesView,
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
        adminTransactionRows(db, input)
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
export async function getAdminTransaction(
  db: Db,
  id: string,
  view: { watcherOn: boolean } & FourEyesView,
): Promise<AdminTransactionDetailDto | null> {
  const [row] = await adminTransactionRows(db, view).where(eq(transactions.id, id));
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
  const approval = auditRows.find(({ entry }) => entry.action === "transaction.approved" || entry.action === "second_approval.requested");
  return {
    ...toAdminTransactionDto(row),
    rate: row.t.rate,
    processedByEmail: row.processedByEmail,
    processedBySystem: row.t.status === "completed" && row.t.processedBy === null && row.t.origin === "customer",
    approvalReason: reasonOf(approval?.entry.details),
    facts: row.t.origin === "customer" ? await decisionFacts(db, row.t) : null,
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

/** The written reason of an "approve anyway", from its audit entry's details (decision 040). */
function reasonOf(details: unknown): string | null {
  const reason = (details as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === "string" && reason !== "" ? reason : null;
}

/**
 * The facts an admin weighs beside a decision (decision 040), in one statement: the customer's
 * identity verification, whether a withdrawal's number is one of their approved SIMs and how often
 * it was paid before (to them, and to anyone else), how long they have been a customer, and their
 * last five decided transactions.
 */
async function decisionFacts(db: Db, t: TransactionRow): Promise<DecisionFactsDto> {
  const [method = "", number = ""] = t.type === "withdraw" ? (t.reference ?? "").split(":") : [];
  const [row] = await queryRows<{
    verification: DecisionFactsDto["verification"] | null;
    approved_sim: boolean;
    to_this: number;
    to_others: number;
    created_at: string;
    decisions: { id: string; type: "deposit" | "withdraw"; amount_minor: string; status: "completed" | "rejected"; processed_at: string }[];
  }>(
    db,
    sql`select
      (select v.status from verifications v where v.user_id = ${t.userId} order by v.created_at desc limit 1) as verification,
      exists (select 1 from sims s where s.user_id = ${t.userId} and s.status = 'active' and s.wallet_type = ${method}
              and s.phone_number = ${number}) as approved_sim,
      (select count(*)::int from transactions w where w.user_id = ${t.userId} and w.type = 'withdraw' and w.origin = 'customer'
         and w.status = 'completed' and w.reference = ${t.reference} and w.id <> ${t.id}) as to_this,
      (select count(*)::int from transactions w where w.user_id <> ${t.userId} and w.type = 'withdraw' and w.origin = 'customer'
         and w.status = 'completed' and w.reference = ${t.reference}) as to_others,
      (select u.created_at from "user" u where u.id = ${t.userId}) as created_at,
      (select coalesce(jsonb_agg(d order by d.processed_at desc), '[]'::jsonb) from (
         select x.id, x.type, x.amount_minor::text as amount_minor, x.status, x.processed_at from transactions x
         where x.user_id = ${t.userId} and x.status in ('completed', 'rejected') and x.processed_at is not null and x.id <> ${t.id}
         order by x.processed_at desc limit 5) d) as decisions`,
  );
  assert(row, "one row of facts");
  const withdrawal = t.type === "withdraw";
  return {
    verification: row.verification ?? "none",
    numberIsApprovedSim: withdrawal ? row.approved_sim : null,
    earlierPayouts: withdrawal ? { toThisCustomer: row.to_this, toOtherCustomers: row.to_others } : null,
    accountCreatedAt: new Date(row.created_at).toISOString(),
    lastDecisions: row.decisions.map((d) => ({
      id: d.id,
      type: d.type,
      amount: formatBdt(BigInt(d.amount_minor)),
      status: d.status,
      processedAt: new Date(d.processed_at).toISOString(),
    })),
  };
}

/** Who reads the list, for its four-eyes facts: the acting admin and the threshold (decision 040). */
export type FourEyesView = { adminId: string; fourEyesMinPoisha: bigint };

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

/**
 * Whether approving a pending row now needs a second admin (decision 040), as
 * nexapay_approve_transaction decides it for this admin: a customer's withdrawal, or a deposit with
 * no confirmed match while the watcher runs ("approve anyway"), at or above the threshold (a
 * withdrawal also with what this admin paid this customer alone in the last 24 hours).
 */
function fourEyesOf(view: { watcherOn: boolean } & FourEyesView) {
  return sql<boolean>`(${transactions.status} = 'pending' and ${transactions.origin} = 'customer'
    and (${transactions.type} = 'withdraw' or ${chainStateOf(view.watcherOn)} not in ('confirmed', 'off'))
    and nexapay_needs_four_eyes(case when ${transactions.type} = 'withdraw' then 'withdrawal' else 'deposit' end,
      ${view.adminId}::uuid, ${transactions.userId}, ${transactions.amountMinor}, ${view.fourEyesMinPoisha.toString()}::bigint))`;
}

/** The row's current four-eyes request (awaiting, or confirmed and not yet paid), with both admins' names. */
const currentSecondApproval = sql<CurrentSecondApprovalJson | null>`(case when ${transactions.status} = 'pending' then (
  select jsonb_build_object('id', s.id, 'status', s.status, 'requestedAt', s.requested_at, 'decidedAt', s.decided_at,
    'requestedBy', jsonb_build_object('id', s.requested_by, 'username',
      (select coalesce(p.username, u.email) from "user" u left join profiles p on p.id = u.id where u.id = s.requested_by)),
    'decidedBy', case when s.decided_by is not null then jsonb_build_object('id', s.decided_by, 'username',
      (select coalesce(p.username, u.email) from "user" u left join profiles p on p.id = u.id where u.id = s.decided_by)) end)
  from second_approvals s
  where s.transaction_id = ${transactions.id} and s.status in ('awaiting', 'confirmed') and s.result_transaction_id is null
  order by s.requested_at desc limit 1) end)`;

type CurrentSecondApprovalJson = {
  id: string;
  status: "awaiting" | "confirmed";
  requestedAt: string;
  decidedAt: string | null;
  requestedBy: { id: string; username: string };
  decidedBy: { id: string; username: string } | null;
};

/** The list's row: the transaction, its customer, who decided it, its chain state and the transfer behind it. */
function adminTransactionRows(db: Db, view: { watcherOn: boolean } & FourEyesView) {
  const { watcherOn } = view;
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
      fourEyes: fourEyesOf(view),
      secondApproval: currentSecondApproval,
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
  fourEyes: boolean;
  secondApproval: CurrentSecondApprovalJson | null;
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
    fourEyes: row.fourEyes,
    secondApproval: row.secondApproval && {
      ...row.secondApproval,
      requestedAt: new Date(row.secondApproval.requestedAt).toISOString(),
      decidedAt: row.secondApproval.decidedAt === null ? null : new Date(row.secondApproval.decidedAt).toISOString(),
    },
    receivedCredit:
      t.status === "pending" && row.chainState === "amount_differs" && row.evidence && t.rate
        ? // Rounded as nexapay_credit_at_rate credits it, and as the request's own credit was.
          formatBdt(bdtForUsdt(row.evidence.amountMicro, parseRate(t.rate)))
        : null,
  };
}
