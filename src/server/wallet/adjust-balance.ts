// An admin adjusts a customer's balance: one call of nexapay_adjust_balance
// (src/server/db/functions/nexapay_adjust_balance.sql), a transaction completed at once through the
// same ledger path as any other, or, at or above the four-eyes threshold, a second-approval request.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { formatBdt } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import { callMoneyFunction, outcomeFrom, type Outcome, type OutcomeJson } from "./money-function.ts";
import type { TransactionRow } from "./transaction-dto.ts";

type AdjustInput = {
  userId: string;
  direction: "add" | "subtract";
  amountPoisha: bigint;
  note: string | null;
  adminId: string;
  ip?: string;
  /** Four eyes (decision 020): an adjustment of this many poisha or more becomes a second-approval request; 0 = off. */
  fourEyesMinPoisha?: bigint;
};

/**
 * Admin adjustment: a transaction completed at once, through the same ledger path. Subtracting
 * cannot reach money held for a pending withdrawal; no admin adjusts their own account. With four
 * eyes off (no `fourEyesMinPoisha`), as here, it always takes effect at once.
 */
export async function adjustBalance(db: Db, input: AdjustInput & { fourEyesMinPoisha?: undefined }): Promise<TransactionRow> {
  const outcome = await adjustOrRequest(db, input);
  assert(outcome.transaction, "with four eyes off, an adjustment takes effect at once");
  return outcome.transaction;
}

/** Adjust at once, or, at or above the four-eyes threshold, request a second approval (checked as the adjustment would be). */
export async function adjustOrRequest(db: Db, input: AdjustInput): Promise<Outcome> {
  const auditDetails = { direction: input.direction, amount: formatBdt(input.amountPoisha), note: input.note };
  const answer = await callMoneyFunction<OutcomeJson>(
    db,
    sql`select nexapay_adjust_balance(${input.userId}, ${input.direction}, ${input.amountPoisha.toString()}::bigint,
      ${JSON.stringify(auditDetails)}::jsonb, ${input.adminId}, ${input.ip ?? null}, ${(input.fourEyesMinPoisha ?? 0n).toString()}::bigint) as answer`,
    { notFound: "User not found" },
  );
  return outcomeFrom(answer);
}
