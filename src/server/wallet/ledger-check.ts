// The ledger invariants (docs/architecture.md, Money rules), checked against the whole database. `npm run ledger:check` runs
// this and exits non-zero on any breach; the concurrency tests run it after every race.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";

export type LedgerBreach = { rule: string; detail: Record<string, unknown> };

export async function findLedgerBreaches(db: Db): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];

  const balanceMismatches = await queryRows<{ user_id: string; balance: string; ledger_sum: string }>(
    db,
    sql`
    select p.id as user_id, p.balance_minor::text as balance, coalesce(sum(l.delta_minor), 0)::text as ledger_sum
    from profiles p left join ledger_entries l on l.user_id = p.id
    group by p.id, p.balance_minor
    having p.balance_minor <> coalesce(sum(l.delta_minor), 0)`,
  );
  for (const row of balanceMismatches) {
    breaches.push({ rule: "balance equals the sum of ledger deltas", detail: row });
  }

  const completedWithoutEntry = await queryRows<{ id: string }>(
    db,
    sql`
    select t.id from transactions t left join ledger_entries l on l.transaction_id = t.id
    where t.status = 'completed' and l.id is null`,
  );
  for (const row of completedWithoutEntry) {
    breaches.push({ rule: "every completed transaction has a ledger entry", detail: row });
  }

  const entryWithoutCompleted = await queryRows<{ id: string; status: string }>(
    db,
    sql`
    select t.id, t.status from ledger_entries l join transactions t on t.id = l.transaction_id
    where t.status <> 'completed'`,
  );
  for (const row of entryWithoutCompleted) {
    breaches.push({ rule: "only completed transactions have ledger entries", detail: row });
  }

  const wrongDelta = await queryRows<{ id: string; type: string; amount: string; delta: string }>(
    db,
    sql`
    select t.id, t.type, t.amount_minor::text as amount, l.delta_minor::text as delta
    from ledger_entries l join transactions t on t.id = l.transaction_id
    where l.user_id <> t.user_id
       or l.delta_minor <> case when t.type = 'deposit' then t.amount_minor else -t.amount_minor end`,
  );
  for (const row of wrongDelta) {
    breaches.push({ rule: "a ledger entry moves exactly its transaction's amount, for its user", detail: row });
  }

  // The held money kept on each profile (src/server/db/functions/nexapay_keep_held_money.sql, decision 035) is the sum it stands for.
  const heldMismatches = await queryRows<{ user_id: string; held: string; pending_sum: string }>(
    db,
    sql`
    select p.id as user_id, p.held_minor::text as held, coalesce(sum(t.amount_minor), 0)::text as pending_sum
    from profiles p left join transactions t on t.user_id = p.id and t.type = 'withdraw' and t.status = 'pending'
    group by p.id, p.held_minor
    having p.held_minor <> coalesce(sum(t.amount_minor), 0)`,
  );
  for (const row of heldMismatches) {
    breaches.push({ rule: "held money equals the sum of pending withdrawals", detail: row });
  }

  const negative = await queryRows<{ id: string }>(db, sql`select id from profiles where balance_minor < 0`);
  for (const row of negative) breaches.push({ rule: "no balance is negative", detail: row });

  return breaches;
}
