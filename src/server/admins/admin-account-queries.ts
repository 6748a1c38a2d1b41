// The admin accounts the settings screen lists, with their role and whether two-factor is set up.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { adminUsers, user } from "../db/schema.ts";

export async function listAdminAccounts(db: Db) {
  const rows = await db
    .select({
      id: adminUsers.id,
      userId: adminUsers.userId,
      email: user.email,
      adminRole: adminUsers.adminRole,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: adminUsers.createdAt,
    })
    .from(adminUsers)
    .innerJoin(user, eq(user.id, adminUsers.userId))
    .orderBy(desc(adminUsers.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
