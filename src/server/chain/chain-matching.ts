// Matching stored transfers to deposit requests (decision 019), and what the back office reads of
// it. The rules live in one database function, nexapay_match_chain_transfers (migration 0010), so
// that they run under one lock in one transaction whichever server process calls them: after each
// poll of the chain, and after each deposit request.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";

export type MatchResult = { matched: number; credited: number };

/**
 * Gives every unmatched transfer to the request it belongs to, if any; with `autoCredit`
 * (DEPOSIT_AUTO_CREDIT=confirmed) also credits the matched pending requests made before the
 * transfer's block time. Safe to call at any time and from several processes at once.
 */
export async function matchChainTransfers(db: Db, options: { autoCredit: boolean }): Promise<MatchResult> {
  const [row] = await queryRows<{ answer: MatchResult }>(db, sql`select nexapay_match_chain_transfers(${options.autoCredit}) as answer`);
  return row?.answer ?? { matched: 0, credited: 0 };
}
