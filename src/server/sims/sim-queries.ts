// The back office's SIM list: everyone's SIMs, paginated, filtered by status and searched on the
// server (docs/product.md, Back office).
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
            status: sims.status,
            createdAt: sims.createdAt,
          })
          .from(sims)
          .$dynamic(),
      )
        .orderBy(...newestOrOldestFirst(input.direction, sims.createdAt, sims.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
}
