// Every write to a session row that is ours rather than better-auth's: the guards' sliding expiry
// and activity (auth/guards.ts), ending sessions, and the second-factor mark.
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema.ts";
import { sessionLifetimeSeconds } from "./auth.ts";

/** better-auth's sliding expiry (needsRefresh, auth/who-may-act.ts): a full lifetime again from now. */
export async function refreshSession(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(session)
    .set({ expiresAt: new Date(now.getTime() + sessionLifetimeSeconds * 1000), updatedAt: now })
    .where(eq(session.token, token));
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}

/** The last use of a session, for its owner's list of where they are signed in (decision 039). */
export async function recordUserActivity(db: Db, token: string, now: Date): Promise<void> {
  await db.update(session).set({ lastActiveAt: now }).where(eq(session.token, token));
}

/**
 * The time an admin's person was last seen (`activeAt`: the request's time less the idle report).
 * Activity only moves forward: a request from an idle tab does not pull it back.
 */
export async function recordAdminActivity(db: Db, token: string, activeAt: Date): Promise<void> {
  await db.update(session).set({ lastActiveAt: activeAt }).where(eq(session.token, token));
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
