// The back office's verification list: everyone's identity verifications, paginated, filtered by
// status and searched on the server (docs/product.md, Back office).
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { likePattern } from "../db/like-pattern.ts";
import { exactListPage, type Page } from "../db/paged-list.ts";
import { profiles, user, verifications } from "../db/schema.ts";

export async function listAdminVerifications(db: Db, input: Page & { q: string; status: "all" | "pending" | "approved" | "rejected" }) {
  const conditions: SQL[] = [];
  if (input.status !== "all") conditions.push(eq(verifications.status, input.status));
  if (input.q !== "") {
    const pattern = likePattern(input.q);
    // Verifications match email, name and user id, case-insensitively.
    conditions.push(or(ilike(user.email, pattern), ilike(profiles.fullName, pattern), ilike(sql`${verifications.userId}::text`, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, total } = await exactListPage(input, {
    rows: ({ limit, offset }) =>
      db
        .select({
          id: verifications.id,
          userId: verifications.userId,
          userName: profiles.fullName,
          userEmail: user.email,
          documentType: verifications.documentType,
          status: verifications.status,
          createdAt: verifications.createdAt,
          updatedAt: verifications.updatedAt,
        })
        .from(verifications)
        .innerJoin(user, eq(user.id, verifications.userId))
        .innerJoin(profiles, eq(profiles.id, verifications.userId))
        .where(where)
        .orderBy(desc(verifications.createdAt), desc(verifications.id))
        .limit(limit)
        .offset(offset),
    count: () =>
      db
        .select({ n: count() })
        .from(verifications)
        .innerJoin(user, eq(user.id, verifications.userId))
        .innerJoin(profiles, eq(profiles.id, verifications.userId))
        .where(where),
  });
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })), total };
}
