// Queries about accounts that better-auth does not know: profiles, usernames, admin roles and the
// sign-in lockout (decision 002).
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Language } from "#shared/language.ts";
import type { Db } from "../db/client.ts";
import { adminUsers, profiles, session, user } from "../db/schema.ts";
import { findSession, type SessionFacts } from "./session-lookup.ts";

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

/**
 * What better-auth does not store of a new account: the profile, and the language we write to them
 * in (absent: English, the column's default). No transaction: when the profile cannot be made, the
 * caller deletes the new user, language and all.
 */
export async function createProfile(
  db: Db,
  values: { userId: string; username: string; country: string; language?: Language },
): Promise<void> {
  if (values.language !== undefined && values.language !== "en") {
    await db.update(user).set({ language: values.language }).where(eq(user.id, values.userId));
  }
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

/** How long an admin session may live, however busy: a stolen one is useful for half a day at most. */
export const adminSessionLifetimeMs = 12 * 60 * 60 * 1000;
/** An admin session unused this long ends: a back office left open on a shared desk closes itself. */
export const adminIdleTimeoutMs = 15 * 60 * 1000;

export type AdminSessionVerdict = "active" | "gone" | "password_only" | "expired" | "idle";

/**
 * Decides whether this session (read by auth/session-lookup.ts) may act in the back office now, and
 * records the activity if so.
 *
 * - It must have passed the second-factor step itself: a code proved on another device, or before
 *   this session existed, does not count.
 * - It lives at most 12 hours from its creation.
 * - It ends after 15 minutes without a person. The stored last activity decides, compared with now
 *   before anything is updated, so a request after hours cannot revive it. The browser also reports
 *   how long its person has been away (`idleMs`, a polling page is not a person); that report can
 *   only end a session sooner, never keep one alive.
 *
 * Activity only moves forward: a request from an idle tab does not pull it back.
 */
export async function checkAdminSession(db: Db, facts: SessionFacts, now: Date, idleMs: number): Promise<AdminSessionVerdict> {
  const verdict = adminSessionVerdict(facts, now, idleMs);
  if (verdict !== "active") return verdict;
  const activeAt = new Date(now.getTime() - idleMs);
  // Written at most every 30 s: a busy back office should not rewrite its session row per request.
  if (activeAt.getTime() - facts.lastActiveAt.getTime() > 30_000) {
    await db.update(session).set({ lastActiveAt: activeAt }).where(eq(session.token, facts.token));
  }
  return "active";
}

type AdminSessionTimes = { lastActiveAt: Date; createdAt: Date; twoFactorVerifiedAt: Date | null };

/** The rules of checkAdminSession on a session row already read: no database work. */
export function adminSessionVerdict(row: AdminSessionTimes, now: Date, idleMs: number): Exclude<AdminSessionVerdict, "gone"> {
  if (row.twoFactorVerifiedAt === null) return "password_only";
  if (now.getTime() - row.createdAt.getTime() > adminSessionLifetimeMs) return "expired";
  if (now.getTime() - row.lastActiveAt.getTime() > adminIdleTimeoutMs || idleMs > adminIdleTimeoutMs) return "idle";
  return "active";
}

/**
 * What a session may still see (for live streams, which re-check it while they run): `signedIn`
 * while it exists, has not expired and its user is not suspended; `backOffice` while it also
 * belongs to an admin with a second factor and passes the admin session rules.
 */
export async function sessionStanding(db: Db, sessionToken: string, now: Date): Promise<{ signedIn: boolean; backOffice: boolean }> {
  const facts = await findSession(db, sessionToken);
  const signedIn = facts !== null && facts.expiresAt > now && !facts.isSuspended;
  const backOffice = signedIn && facts.adminRole !== null && facts.twoFactorEnabled && adminSessionVerdict(facts, now, 0) === "active";
  return { signedIn, backOffice };
}

/** Records that this session has just passed the second-factor step (a TOTP or a recovery code). */
export async function markSessionTwoFactorVerified(db: Db, sessionToken: string, now: Date): Promise<void> {
  await db.update(session).set({ twoFactorVerifiedAt: now }).where(eq(session.token, sessionToken));
}

/**
 * Ends every session of a user but the one given (none given: every session). Used when what a
 * session may do changes: promotion, a role change, enrolling or resetting the second factor.
 */
export async function revokeSessionsOf(db: Db, userId: string, except?: string): Promise<void> {
  await db
    .delete(session)
    .where(except === undefined ? eq(session.userId, userId) : and(eq(session.userId, userId), ne(session.token, except)));
}
