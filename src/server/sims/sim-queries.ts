// The back office's SIM list: everyone's SIMs, paginated, filtered by status and searched on the
// server (docs/product.md, Back office).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customerRecordsPage, newestOrOldestFirst, type CustomerRecordsQuery } from "../db/customer-records-page.ts";
import { profiles, sims, user } from "../db/schema.ts";

export async function listAdminSims(db: Db, input: CustomerRecordsQuery & { status: "all" | "pending" | "active" | "rejected" }) {
  const { rows, total } = await customerRecordsPage(db, input, {
    table: sims,
    ownerId: sims.userId,
    statusColumn: sims.status,
    searchIn: [sims.phoneNumber, user.email, profiles.username],
    rows: (withOwner, { limit, offset }) =>
      withOwner(
        db
          .select({
            id: sims.id,
            userId: sims.userId,
            email: user.email,
            username: profiles.username,
            phoneNumber: sims.phoneNumber,
            walletType: sims.walletType,
            operator: sims.operator,
            status: sims.status,
            withdrawals: withdrawalsToNumber,
            withdrawalsByOthers: withdrawalsToNumberByOthers,
            otherAccounts: otherAccountsWithNumber,
            createdAt: sims.createdAt,
          })
          .from(sims)
          .$dynamic(),
      )
        .orderBy(...newestOrOldestFirst(input.direction, sims.createdAt, sims.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    items: rows.map(({ withdrawals, withdrawalsByOthers, otherAccounts, ...r }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      history: { withdrawals, withdrawalsByOthers, otherAccounts },
    })),
    total,
  };
}

// The number's history, which an admin weighs before approving it as a payout number
// (docs/decisions/022-sims-as-payout-numbers.md). A withdrawal's reference is "<wallet>:<number>";
// the trigram-indexed search_text holds it lower-cased, so "contains ':<number>'" is an index
// search and the exact comparison on the reference then drops any longer number that contains it.
const withdrawalsToThisNumber = sql`from transactions w
  where w.type = 'withdraw' and w.search_text like '%:' || ${sims.phoneNumber} || '%'
    and split_part(w.reference, ':', 2) = ${sims.phoneNumber}`;
const withdrawalsToNumber = sql<number>`(select count(*) ${withdrawalsToThisNumber})`.mapWith(Number);
const withdrawalsToNumberByOthers = sql<number>`(select count(*) ${withdrawalsToThisNumber} and w.user_id <> ${sims.userId})`.mapWith(
  Number,
);
/** Other customers who registered the same number (sims_phone_number_idx). */
const otherAccountsWithNumber = sql<number>`(select count(distinct o.user_id) from sims o
  where o.phone_number = ${sims.phoneNumber} and o.user_id <> ${sims.userId})`.mapWith(Number);
