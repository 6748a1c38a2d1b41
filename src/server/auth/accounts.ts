// Queries about accounts that better-auth does not know: profiles, usernames, admin roles and the
// sign-in lockout of DESIGN §6.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { adminUsers, profiles, session, user } from "../db/schema.ts";

export const lockoutFailuresMax = 10;
export const lockoutDurationMs = 30 * 60 * 1000;

export type AdminRole = "admin" | "super_admin";

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()));
  return row !== undefined;
}

export async function createProfile(db: Db, values: { userId: string; username: string; country: string }): Promise<void> {
  await db.insert(profiles).values({ id: values.userId, username: values.username, country: values.country });
}

export async function adminRoleOf(db: Db, userId: string): Promise<AdminRole | null> {
  const [row] = await db.select({ role: adminUsers.adminRole }).from(adminUsers).where(eq(adminUsers.userId, userId));
  return row?.role ?? null;
}

export async function isSuspended(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ isSuspended: profiles.isSuspended }).from(profiles).where(eq(profiles.id, userId));
  return row?.isSuspended ?? false;
}

/** When the account behind this e-mail is locked, the time the lock ends; otherwise null. */
export async function lockedUntil(db: Db, email: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: user.lockedUntil })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, email.toLowerCase()), gt(user.lockedUntil, now)));
  return row?.lockedUntil ?? null;
}

/**
 * Counts one more failure in a row; the tenth locks the account for 30 minutes (PCI DSS 8.3.4).
 * Sign-in is refused while a lock lasts, so a lock seen here has run out: the count starts again.
 */
export async function recordFailedSignIn(db: Db, email: string, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const lockEndIso = new Date(now.getTime() + lockoutDurationMs).toISOString();
  const nextCount = sql`(case when ${user.lockedUntil} <= ${nowIso}::timestamptz then 1 else ${user.failedSignInCount} + 1 end)`;
  await db
    .update(user)
    .set({
      failedSignInCount: nextCount,
      lockedUntil: sql`case when ${nextCount} >= ${lockoutFailuresMax} then ${lockEndIso}::timestamptz else null end`,
    })
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
}

/** A successful sign-in ends the run of failures and any lock that has run out. */
export async function clearFailedSignIns(db: Db, userId: string): Promise<void> {
  await db.update(user).set({ failedSignInCount: 0, lockedUntil: null }).where(eq(user.id, userId));
}

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return row?.enabled ?? false;
}

/**
 * Records that a person used this session `idleMs` ago (a polling page reports how long its user
 * has been away) and answers the last activity before this request, or null if the session is gone.
 * Activity only moves forward: a request from an idle tab does not pull it back.
 */
export async function touchSession(db: Db, sessionToken: string, now: Date, idleMs: number): Promise<Date | null> {
  const [row] = await db.select({ lastActiveAt: session.lastActiveAt }).from(session).where(eq(session.token, sessionToken));
  if (!row) return null;
  const activeAt = new Date(now.getTime() - idleMs);
  if (activeAt.getTime() - row.lastActiveAt.getTime() > 30_000) {
    await db.update(session).set({ lastActiveAt: activeAt }).where(eq(session.token, sessionToken));
  }
  return row.lastActiveAt > activeAt ? row.lastActiveAt : activeAt;
}
