// Four eyes (decision 020): reading the requests that wait for, or had, a second admin, shaped for
// the API by wallet/second-approval-dto.ts. The requests are made by wallet/approve-transaction.ts
// and wallet/adjust-balance.ts, and decided by confirm-second-approval.ts and decline-second-approval.ts.
import { count, eq, sql } from "drizzle-orm";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { queryRows, type Db } from "../db/client.ts";
import { secondApprovals } from "../db/schema.ts";
import { toSecondApprovalDto, type SecondApprovalJson } from "../wallet/second-approval-dto.ts";

/**
 * The queue: requests in one status (or all), oldest first, so the longest waiting is seen first.
 * The rows are shaped by the same database function that answers a request or a decision.
 */
export async function listSecondApprovals(
  db: Db,
  input: { status: "all" | "awaiting" | "confirmed" | "declined"; page: number; pageSize: number },
): Promise<{ items: SecondApprovalDto[]; total: number }> {
  const where = input.status === "all" ? sql`true` : sql`s.status = ${input.status}`;
  const rows = await queryRows<{ answer: SecondApprovalJson; total: number }>(
    db,
    sql`select nexapay_second_approval_json(s) as answer, (count(*) over ())::int as total
        from second_approvals s where ${where}
        order by s.requested_at, s.id
        limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  if (rows[0]) return { items: rows.map((row) => toSecondApprovalDto(row.answer)), total: rows[0].total };
  // A page past the end has no row to carry the count: only then is it read on its own.
  return { items: [], total: input.page === 1 ? 0 : await countSecondApprovals(db, input.status) };
}

async function countSecondApprovals(db: Db, status: "all" | "awaiting" | "confirmed" | "declined"): Promise<number> {
  const query = db.select({ n: count() }).from(secondApprovals).$dynamic();
  const [row] = await (status === "all" ? query : query.where(eq(secondApprovals.status, status)));
  return row?.n ?? 0;
}

/** The dashboard's figure: requests waiting for a second admin. */
export function countAwaitingSecondApprovals(db: Db): Promise<number> {
  return countSecondApprovals(db, "awaiting");
}
