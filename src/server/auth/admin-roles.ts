// Who is an admin, and which kind: read from admin_users, never from what a browser says.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { adminUsers } from "../db/schema.ts";

export type AdminRole = "admin" | "super_admin";

export async function adminRoleOf(db: Db, userId: string): Promise<AdminRole | null> {
  const [row] = await db.select({ role: adminUsers.adminRole }).from(adminUsers).where(eq(adminUsers.userId, userId));
  return row?.role ?? null;
}
