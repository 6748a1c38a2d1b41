// Four eyes (decisions 020 and 040): an admin who is suspended or demoted leaves no request
// waiting for a second admin. One call of nexapay_decline_requests_of
// (src/server/db/functions/nexapay_decline_requests_of.sql), in the transaction that removes them.
import { sql } from "drizzle-orm";
import { secondApprovalMessages } from "#shared/second-approval-schemas.ts";
import type { Db } from "../db/client.ts";

/**
 * Declines every request of an admin still awaiting a second admin, each audited (decision 040):
 * when the admin is suspended or demoted, in the transaction that does it. `adminId` is who acts
 * (null: the command line).
 */
export async function declineRequestsOf(
  tx: Pick<Db, "execute">,
  input: { requesterId: string; adminId: string | null; ip?: string | undefined },
): Promise<void> {
  await tx.execute(
    sql`select nexapay_decline_requests_of(${input.requesterId}, ${input.adminId}, ${input.ip ?? null}, ${secondApprovalMessages.requesterRemoved})`,
  );
}
