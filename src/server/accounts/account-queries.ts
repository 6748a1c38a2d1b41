// What the back office reads about users: the users list, paginated, filtered and searched on the
// server with a capped total (docs/product.md, Back office; what a search matches: Validation
// rules), and one user's profile.
import { and, desc, eq, inArray, like, type SQL } from "drizzle-orm";
import { formatBdt } from "#shared/money.ts";
import type { AdminUserDto } from "#shared/admin-schemas.ts";
import type { Db } from "../db/client.ts";
import { lowerLikePattern } from "../db/like-pattern.ts";
import { cappedListPage, type CappedTotal, type Page } from "../db/paged-list.ts";
import { adminUsers, extendedProfiles, profiles, user, verifications } from "../db/schema.ts";

export async function listAdminUsers(
  db: Db,
  input: Page & { q: string; status: "all" | "active" | "suspended" },
): Promise<{ items: AdminUserDto[] } & CappedTotal> {
  const conditions: SQL[] = [];
  if (input.status !== "all") conditions.push(eq(profiles.isSuspended, input.status === "suspended"));
  // Users match e-mail, username and full name, kept in profiles.search_text (migration 0002).
  if (input.q !== "") conditions.push(like(profiles.searchText, lowerLikePattern(input.q)));
  const matching = () =>
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(...conditions))
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .$dynamic();
  const { rows, ...counted } = await cappedListPage(
    db,
    { ...input, searching: input.q !== "" },
    {
      matching,
      rowsOf: (ids) =>
        db
          .select({
            id: profiles.id,
            email: user.email,
            username: profiles.username,
            fullName: profiles.fullName,
            phone: profiles.phone,
            country: profiles.country,
            balance: profiles.balanceMinor,
            isSuspended: profiles.isSuspended,
            frozenAt: profiles.frozenAt,
            verificationStatus: verifications.status,
            adminRole: adminUsers.adminRole,
            createdAt: profiles.createdAt,
          })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.id))
          .leftJoin(verifications, eq(verifications.userId, profiles.id))
          .leftJoin(adminUsers, eq(adminUsers.userId, profiles.id))
          .where(inArray(profiles.id, ids))
          .orderBy(desc(profiles.createdAt), desc(profiles.id)),
    },
  );
  return {
    items: rows.map((r) => ({
      ...r,
      balance: formatBdt(r.balance),
      verificationStatus: r.verificationStatus ?? "none",
      adminRole: r.adminRole ?? null,
      frozenAt: r.frozenAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    ...counted,
  };
}

export async function getAdminProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: profiles.id,
      email: user.email,
      fullName: profiles.fullName,
      phone: profiles.phone,
      address: extendedProfiles.address,
      documentNumber: extendedProfiles.documentNumber,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(extendedProfiles, eq(extendedProfiles.userId, profiles.id))
    .where(eq(profiles.id, userId));
  return row ? { ...row, address: row.address ?? null, documentNumber: row.documentNumber ?? null } : null;
}
