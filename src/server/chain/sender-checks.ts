// Tether's freeze guard for deposits (decision 053): each stored transfer's sender is asked about
// once, isBlackListed on the USDT contract, and chain_transfers.sender_blacklisted keeps the answer.
// A deposit is credited automatically only when the answer is false (nexapay_credit_from_chain): USDT
// from an address Tether froze may be stolen, and Tether can freeze ours for taking it. An unknown
// answer (the call failed) stays null and is asked again at the next poll; until then, the deposit
// waits, matched but not credited, and is credited by the matching once the answer is false.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import type { TronGridClient } from "./trongrid-client.ts";

/**
 * The most senders one poll asks about: dust from thousands of new addresses must not make a poll
 * take hours. The rest are asked at the next polls; senders of transfers whose amount a deposit
 * request holds are asked first.
 */
export const maxSenderChecksPerPoll = 50;

export type SenderChecks = { checked: number; failed: number };

type SenderLog = { warn: (obj: object, msg: string) => void };

/**
 * Asks isBlackListed for the senders of the transfers not checked yet that matching may still give
 * to a request (first seen in the last day), and records each answer on all of that sender's
 * unchecked transfers. A failed call leaves them unchecked and is counted, never thrown, unless the
 * watcher is stopping.
 */
export async function checkSenders(
  db: Db,
  client: TronGridClient,
  options: { log: SenderLog; signal: AbortSignal },
): Promise<SenderChecks> {
  const senders = await uncheckedSenders(db);
  const checks: SenderChecks = { checked: 0, failed: 0 };
  const failures: string[] = [];
  for (const sender of senders) {
    if (options.signal.aborted) break;
    try {
      const blacklisted = await client.isBlackListed(sender, options.signal);
      await queryRows(
        db,
        sql`update chain_transfers set sender_blacklisted = ${blacklisted}::boolean
            where from_address = ${sender} and sender_blacklisted is null and first_seen_at > now() - interval '24 hours'`,
      );
      checks.checked += 1;
    } catch (error) {
      if (options.signal.aborted) throw error;
      checks.failed += 1;
      if (failures.length < 3) failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (checks.failed > 0) {
    options.log.warn(
      { failed: checks.failed, examples: failures },
      "chain watcher: could not ask whether senders are blacklisted; their deposits wait for the next poll",
    );
  }
  return checks;
}

async function uncheckedSenders(db: Db): Promise<string[]> {
  const rows = await queryRows<{ from_address: string }>(
    db,
    sql`select ct.from_address
        from chain_transfers ct left join deposit_pay_amounts p on p.pay_micro = ct.amount_micro
        where ct.sender_blacklisted is null and ct.first_seen_at > now() - interval '24 hours'
        group by ct.from_address
        order by bool_or(p.pay_micro is not null) desc, min(ct.block_time), ct.from_address
        limit ${maxSenderChecksPerPoll}`,
  );
  return rows.map((row) => row.from_address);
}
