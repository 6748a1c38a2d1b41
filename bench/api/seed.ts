// Setup data written straight into the database: the pending deposits that the approve phase
// decides on. Thousands of them over HTTP would take longer than the measurement itself, so they
// are inserted in one statement, as the rows POST /api/deposits makes (createDeposit in
// src/server/wallet/request-deposit.ts): the same columns and values, the same audit entry. The
// trigger of src/server/db/functions/transactions_set_search_text.sql fills search_text as for any insert. No money moves until approval, so the ledger
// is untouched and ledger:check stays meaningful.
import { bdtForUsdt, formatBdt, formatUsdt, parseRate, parseUsdt } from "#shared/money.ts";

/** pg.Client and PGlite both answer query(text, params) with { rows }. */
export type Queryable = { query: <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }> };

/** The server's default rate (RATE_BDT_PER_USDT is not set by the bench). */
const rate = "125";
export const depositUsdt = "20";

/**
 * The amount the n-th deposit request of a phase asks for: 20 to 1,019 USDT in turn. Each request is
 * given an exact amount to pay that no other open request holds, 10,000 per figure asked for
 * (decision 038); one figure for every request would run out within a phase.
 */
export function depositUsdtAt(n: number): string {
  return String(20 + (n % 1000));
}
/** A well-formed TRON address nobody holds (config.ts's development address). */
export const fromAddress = "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74";

/**
 * `count` pending deposits spread evenly over the customers (every profile but the admins' and those in `except`),
 * each with its "transaction.deposit_requested" audit entry. Answers their ids customer by customer
 * in turn, so that the approvals in flight at one time (consecutive ids) are for different
 * customers and do not queue on one profile row's lock.
 */
export async function seedPendingDeposits(db: Queryable, count: number, except: string[]): Promise<string[]> {
  const usdtMicro = parseUsdt(depositUsdt);
  const amount = bdtForUsdt(usdtMicro, parseRate(rate));
  const reference = `${formatUsdt(usdtMicro)} USDT from ${fromAddress}`;
  const details = JSON.stringify({ amount: formatBdt(amount), usdtAmount: formatUsdt(usdtMicro) });
  const { rows } = await db.query<{ id: string; round: number }>(
    `with customers as (
       select p.id, (row_number() over (order by p.id) - 1)::int as n, (count(*) over ())::int as total
       from profiles p
       where not exists (select 1 from admin_users a where a.user_id = p.id) and p.id::text <> all(string_to_array($7, ','))
     ), made as (
       insert into transactions (user_id, type, amount_minor, usdt_micro, rate, reference)
       select c.id, 'deposit', $1::bigint, $2::bigint, $3, $4
       from generate_series(0, $5::int - 1) as g(i) join customers c on c.n = g.i % c.total
       returning id, user_id
     ), audited as (
       insert into audit_log (actor_id, action, target_type, target_id, details)
       select user_id, 'transaction.deposit_requested', 'transaction', id::text, $6::jsonb from made
     )
     select id, (row_number() over (partition by user_id order by id))::int as round from made order by round, user_id`,
    [amount.toString(), usdtMicro.toString(), rate, reference, count, details, except.join(",")],
  );
  if (rows.length !== count) throw new Error(`seeded ${rows.length} pending deposits instead of ${count} (no customers?)`);
  return rows.map((row) => row.id);
}
