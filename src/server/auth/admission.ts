// Who may act, checked inside a route's own statement (decisions 028 and 034): the statement admits a
// session only when every rule of auth/who-may-act.ts passes, that is when the guard would admit it
// *and write nothing*. Otherwise no row, and the route asks the guard itself.
import { eq, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { adminUsers, profiles, session, user } from "../db/schema.ts";
import type { AdminRole } from "./admin-roles.ts";
import { passesQuietlySql } from "./who-may-act.ts";

/** The admin a session check inside a route's own statement admitted (selectQuietlyAdmittedAdmin's row). */
export type AdmittedAdmin = { adminId: string; adminEmail: string; adminRole: AdminRole };

/** The user a customer-route check inside the route's own statement admitted (selectQuietlyAdmittedUser's row). */
export type AdmittedUser = { userId: string; email: string; adminRole: AdminRole | null; twoFactorEnabled: boolean };

// Built once: the rules do not change while the server runs.
const quietlyAdmittedUser: SQL = passesQuietlySql(["signedIn", "user"]);
const quietlyAdmittedAdmin: SQL = passesQuietlySql(["signedIn", "user", "admin"]);

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
    .where(quietlyAdmittedUser);
}

/**
 * The admin a session token belongs to (adminId, adminEmail, adminRole, and `extra` columns, such as
 * a money function's answer), only when the admin guard (auth/guards.ts) would let the request
 * through at that `now` with that idle report (quietAdmission's values) *and write nothing while
 * doing so*: no expired or suspended session to end, no sliding expiry due, no activity to record.
 * Otherwise no row, and `extra` is never computed.
 *
 * A route can then act in the same statement that checks the session: one round trip instead of
 * two. When this finds no row, the route asks the guard itself, which refuses, ends the session or
 * writes exactly as on every other admin route, so this may refuse more than the guard (a row is
 * only a shortcut) but must never admit more.
 */
export function selectQuietlyAdmittedAdmin<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ adminId: session.userId, adminEmail: user.email, adminRole: adminUsers.adminRole, ...extra })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(adminUsers, eq(adminUsers.userId, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(quietlyAdmittedAdmin);
}
