// The back office's SIM list: everyone's SIMs, paginated, filtered by status and searched on the
// server (docs/product.md, Back office).
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { likePattern } from "../db/like-pattern.ts";
import { exactListPage, type Page } from "../db/paged-list.ts";
import { profiles, sims, user } from "../db/schema.ts";

export async function listAdminSims(db: Db, input: Page & { q: string; status: "all" | "pending" | "active" | "rejected" }) {
  const conditions: SQL[] = [];
  if (input.status !== "all") conditions.push(eq(sims.status, input.status));
  if (input.q !== "") {
    const pattern = likePattern(input.q);
    conditions.push(or(ilike(sims.phoneNumber, pattern), ilike(user.email, pattern), ilike(profiles.username, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, total } = await exactListPage(input, {
    rows: ({ limit, offset }) =>
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
        .innerJoin(user, eq(user.id, sims.userId))
        .innerJoin(profiles, eq(profiles.id, sims.userId))
        .where(where)
        .orderBy(desc(sims.createdAt), desc(sims.id))
        .limit(limit)
        .offset(offset),
    count: () =>
      db
        .select({ n: count() })
        .from(sims)
        .innerJoin(user, eq(user.id, sims.userId))
        .innerJoin(profiles, eq(profiles.id, sims.userId))
        .where(where),
  });
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
}
