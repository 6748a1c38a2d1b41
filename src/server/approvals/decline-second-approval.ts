// Four eyes (decision 020): an admin declines a request, in one call of
// nexapay_decline_second_approval (src/server/db/functions/nexapay_decline_second_approval.sql).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { callMoneyFunction } from "../wallet/money-function.ts";
import type { SecondApprovalJson } from "../wallet/second-approval-dto.ts";
import { secondApprovalRefusals } from "./second-approval-refusals.ts";

/** Decline a request: no money moves. Any admin but the customer may, the requester included. */
export async function declineSecondApproval(
  db: Db,
  input: { id: string; adminId: string; reason: string | null; ip?: string },
): Promise<SecondApprovalJson> {
  const answer = await callMoneyFunction<{ secondApproval: SecondApprovalJson }>(
    db,
    sql`select nexapay_decline_second_approval(${input.id}, ${input.adminId}, ${input.reason}, ${input.ip ?? null}) as answer`,
    secondApprovalRefusals,
  );
  return answer.secondApproval;
}
