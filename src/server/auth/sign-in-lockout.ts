// The sign-in lockout (decision 002): ten failed sign-ins in a row lock an account for 30 minutes,
// whatever the IP they came from (auth/auth-routes.ts throttles per IP and e-mail besides).
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema.ts";

export const lockoutFailuresMax = 10;
export const lockoutDurationMs = 30 * 60 * 1000;

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
