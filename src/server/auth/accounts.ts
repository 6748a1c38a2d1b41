// Queries about accounts that better-auth does not know: profiles, usernames, admin roles and the
// sign-in lockout (decision 002).
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { AnyPgColumn, SelectedFields } from "drizzle-orm/pg-core";
import type { Language } from "#shared/language.ts";
import type { Db } from "../db/client.ts";
import { adminUsers, profiles, session, user } from "../db/schema.ts";
import { sessionLifetimeSeconds, sessionRefreshAgeSeconds } from "./auth.ts";
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

/** Activity is written at most this often: a busy back office should not rewrite its session row per request. */
const activityWriteEveryMs = 30_000;

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
  if (activeAt.getTime() - facts.lastActiveAt.getTime() > activityWriteEveryMs) {
    await db.update(session).set({ lastActiveAt: activeAt }).where(eq(session.token, facts.token));
  }
  return "active";
}

/**
 * A customer session's last use is written at most this often: often enough for the owner's list of
 * where they are signed in to be honest (decision 039), rarely enough that a busy customer does not
 * rewrite their session row on every request.
 */
export const userActivityWriteEveryMs = 5 * 60 * 1000;

/**
 * Whether requireSession records this use of a session now. Only a customer's: an admin's activity
 * is checkAdminSession's, which writes the time the person was last seen (the idle report), not the
 * time of the request; a write here would keep an idle back office alive.
 */
export function userActivityDue(facts: Pick<SessionFacts, "adminRole" | "lastActiveAt">, now: Date): boolean {
  return facts.adminRole === null && now.getTime() - facts.lastActiveAt.getTime() > userActivityWriteEveryMs;
}

export async function recordUserActivity(db: Db, token: string, now: Date): Promise<void> {
  await db.update(session).set({ lastActiveAt: now }).where(eq(session.token, token));
}

/** The admin a session check inside a route's own statement admitted (selectQuietlyAdmittedAdmin's row). */
export type AdmittedAdmin = { adminId: string; adminEmail: string; adminRole: AdminRole };

/** The values of selectQuietlyAdmittedUser's placeholders for one request: the token, and times worked out from `now`. */
export type QuietUserAdmission = ReturnType<typeof quietUserAdmission>;

export function quietUserAdmission(token: string, now: Date) {
  const nowMs = now.getTime();
  return {
    token,
    notExpiredAt: isoAt(nowMs),
    noRefreshUntil: isoAt(nowMs + (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000),
    noActivityDueSince: isoAt(nowMs - userActivityWriteEveryMs),
  };
}

/** The values of selectQuietlyAdmittedAdmin's placeholders for one request: the token, and times worked out from `now`. */
export type QuietAdmission = ReturnType<typeof quietAdmission>;

export function quietAdmission(token: string, now: Date, idleMs: number) {
  const nowMs = now.getTime();
  return {
    ...quietUserAdmission(token, now),
    createdSince: isoAt(nowMs - adminSessionLifetimeMs),
    activeSince: isoAt(nowMs - adminIdleTimeoutMs),
    idleReportAllowed: idleMs <= adminIdleTimeoutMs,
    recordedActivitySince: isoAt(nowMs - idleMs - activityWriteEveryMs),
  };
}

const isoAt = (millis: number) => new Date(millis).toISOString();

/** A stored time truncated to the millisecond, as the driver truncates it when JavaScript reads it. */
const toMillisecond = (column: AnyPgColumn) => sql`date_trunc('milliseconds', ${column})`;
/** One of the admission's times, as a placeholder of the prepared statement. */
const admissionTime = (name: keyof QuietAdmission) => sql`${sql.placeholder(name)}::timestamptz`;

/**
 * requireSession's rules (auth/guards.ts), turned around, for a session that passes them *and
 * writes nothing*: it exists and has not expired (an expired one is deleted), its sliding expiry is
 * not due (needsRefresh: a write), its user is not suspended (their sessions are ended), and, for a
 * customer, no use is due to be recorded (userActivityDue: a write). An admin's activity is
 * checkAdminSession's, which selectQuietlyAdmittedAdmin turns around on its own.
 */
const quietlyAdmittedSession = sql`${session.token} = ${sql.placeholder("token")}
  and ${toMillisecond(session.expiresAt)} >= ${admissionTime("notExpiredAt")}
  and ${toMillisecond(session.expiresAt)} > ${admissionTime("noRefreshUntil")}
  and not coalesce(${profiles.isSuspended}, false)
  and (${adminUsers.adminRole} is not null or ${toMillisecond(session.lastActiveAt)} >= ${admissionTime("noActivityDueSince")})`;

/** The user a customer-route check inside the route's own statement admitted (selectQuietlyAdmittedUser's row). */
export type AdmittedUser = { userId: string; email: string; adminRole: AdminRole | null; twoFactorEnabled: boolean };

/**
 * The user a session token belongs to (and `extra` columns, such as a money function's answer), only
 * when requireUser (auth/guards.ts) would let the request through at that `now` (quietUserAdmission's
 * values) *and write nothing while doing so*. Otherwise no row, and `extra` is never computed: the
 * route then asks the guard itself, which refuses, ends the session or refreshes it as on every other
 * route. So this may refuse more than the guard, never admit more (decision 034).
 */
export function selectQuietlyAdmittedUser<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({
      userId: session.userId,
      email: user.email,
      adminRole: adminUsers.adminRole,
      twoFactorEnabled: user.twoFactorEnabled,
      ...extra,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .leftJoin(adminUsers, eq(adminUsers.userId, session.userId))
    .where(quietlyAdmittedSession);
}

/**
 * The admin a session token belongs to (adminId, adminEmail, adminRole, and `extra` columns, such as
 * a money function's answer), only when the admin guard (auth/guards.ts) would let the request
 * through at that `now` with that idle report (quietAdmission's values) *and write nothing while
 * doing so*: no expired or suspended session to end, no sliding expiry due (needsRefresh), no
 * activity to record (checkAdminSession). Otherwise no row, and `extra` is never computed.
 *
 * A route can then act in the same statement that checks the session: one round trip instead of
 * two. When this finds no row, the route asks the guard itself, which refuses, ends the session or
 * writes exactly as on every other admin route, so this may refuse more than the guard (a row is
 * only a shortcut) but must never admit more. The conditions are those of requireSession,
 * requireAdmin, needsRefresh and adminSessionVerdict, turned around. The stored times are
 * truncated to the millisecond first, as the driver does when JavaScript reads them.
 */
export function selectQuietlyAdmittedAdmin<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ adminId: session.userId, adminEmail: user.email, adminRole: adminUsers.adminRole, ...extra })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(adminUsers, eq(adminUsers.userId, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(
      sql`${quietlyAdmittedSession}
        and ${user.twoFactorEnabled}
        and ${session.twoFactorVerifiedAt} is not null
        and ${toMillisecond(session.createdAt)} >= ${admissionTime("createdSince")}
        and ${toMillisecond(session.lastActiveAt)} >= ${admissionTime("activeSince")}
        and ${sql.placeholder("idleReportAllowed")}::boolean
        and ${toMillisecond(session.lastActiveAt)} >= ${admissionTime("recordedActivitySince")}`,
    );
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
