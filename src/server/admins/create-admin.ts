// Creating admin accounts without a browser: the first super_admin at /make-admin and the
// `npm run admin:create` command. The account gets a profile like any user's (a username from
// the e-mail, country Bangladesh) so that every screen that lists users can show it.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import type { Auth } from "../auth/auth.ts";
import type { AdminRole } from "../auth/admin-roles.ts";
import { createProfile, findUserIdByEmail, isUsernameTaken } from "../auth/profile-queries.ts";
import { revokeSessionsOf } from "../auth/session-writes.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { adminAppointments, adminUsers } from "../db/schema.ts";
import { declineRequestsOf } from "../approvals/decline-requests-of.ts";
import { queueAppointmentMail } from "./appointment-mail.ts";
import { AppError } from "../http/errors.ts";

export async function adminCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

/** Creates a user with an e-mail and password, and their profile; answers the new user's id. */
export async function createUserWithPassword(auth: Auth, db: Db, input: { email: string; password: string }): Promise<string> {
  if (await findUserIdByEmail(db, input.email)) {
    throw new AppError(409, errorCodes.conflict, messages.emailTaken, { email: messages.emailTaken });
  }
  const ctx = await auth.$context;
  let created;
  try {
    created = await ctx.internalAdapter.createUser(
      { email: input.email, name: input.email.split("@")[0] ?? input.email, emailVerified: false },
      { method: "email-password" },
    );
  } catch (error) {
    // Lost a race for the e-mail after the check above (a double-submitted /make-admin form).
    if (isUniqueViolation(error)) throw new AppError(409, errorCodes.conflict, messages.emailTaken, { email: messages.emailTaken });
    throw error;
  }
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await ctx.password.hash(input.password),
  });
  // Two admins created at once from e-mails with the same local part may race for one username:
  // the loser takes a suffixed one instead of failing.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await createProfile(db, { userId: created.id, username: await freeUsernameFor(db, input.email, attempt > 0), country: "BD" });
      break;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) {
        await ctx.internalAdapter.deleteUser(created.id);
        throw error;
      }
    }
  }
  return created.id;
}

async function freeUsernameFor(db: Db, email: string, forceSuffix: boolean): Promise<string> {
  const base = (email.split("@")[0] ?? "admin")
    .replace(/[^A-Za-z0-9._-]/g, "")
    .slice(0, 20)
    .padEnd(3, "0");
  if (!forceSuffix && !(await isUsernameTaken(db, base))) return base;
  return `${base}-${randomBytes(3).toString("hex")}`;
}

/**
 * The first admin: allowed only while no admin exists. The check and the insert run under one
 * advisory lock, so two people racing on /make-admin cannot both become super_admin.
 */
export async function createFirstAdmin(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; ip?: string },
): Promise<{ userId: string }> {
  if ((await adminCount(db)) > 0) throw new AppError(409, errorCodes.conflict, messages.setupComplete);
  const userId = await createUserWithPassword(auth, db, input);
  const won = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('nexapay:first-admin'))`);
    if ((await adminCount(tx)) > 0) return false;
    await tx.insert(adminUsers).values({ userId, adminRole: "super_admin" });
    await tx.insert(adminAppointments).values({ adminId: userId, appointedBy: null, adminRole: "super_admin" });
    await writeAudit(tx, {
      actorId: userId,
      action: "admin.first_admin_created",
      targetType: "user",
      targetId: userId,
      details: { email: input.email, adminRole: "super_admin" },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    return true;
  });
  if (!won) {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteUser(userId);
    throw new AppError(409, errorCodes.conflict, messages.setupComplete);
  }
  return { userId };
}

/**
 * Makes an existing user an admin, or changes the role of one who already is. The audit entry says
 * which: `admin.created` for an account made as an admin, `admin.role_granted` otherwise, with the
 * role before and after. Every session of that user ends in the same transaction: a session opened
 * with a password alone must not become a back-office session by someone else's decision.
 */
export async function grantAdminRole(
  db: Db,
  input: { userId: string; role: AdminRole; actorId: string | null; ip?: string; newAccount?: boolean; publicUrl?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: adminUsers.adminRole })
      .from(adminUsers)
      .where(eq(adminUsers.userId, input.userId))
      .for("update");
    await tx
      .insert(adminUsers)
      .values({ userId: input.userId, adminRole: input.role })
      .onConflictDoUpdate({ target: adminUsers.userId, set: { adminRole: input.role } });
    await revokeSessionsOf(tx, input.userId);
    // Every creation and promotion is kept (decision 040): the new admin confirms nothing of the
    // appointing admin's, ever, and nothing at all for NEW_ADMIN_COOLDOWN_HOURS. A demotion (super
    // admin to admin) appoints nobody; it declines the admin's requests still awaiting a second admin.
    const demoted = before?.role === "super_admin" && input.role === "admin";
    if (demoted) await declineRequestsOf(tx, { requesterId: input.userId, adminId: input.actorId, ip: input.ip });
    else if (before?.role !== input.role) {
      const [appointment] = await tx
        .insert(adminAppointments)
        .values({ adminId: input.userId, appointedBy: input.actorId, adminRole: input.role })
        .returning({ id: adminAppointments.id });
      assert(appointment, "an appointment is recorded");
      await queueAppointmentMail(tx, {
        appointmentId: appointment.id,
        adminId: input.userId,
        role: input.role,
        actorId: input.actorId,
        publicUrl: input.publicUrl,
      });
    }
    await writeAudit(tx, {
      actorId: input.actorId,
      action: input.newAccount ? "admin.created" : "admin.role_granted",
      targetType: "user",
      targetId: input.userId,
      details: { adminRole: input.role, previousRole: before?.role ?? null },
      ...(input.ip ? { ip: input.ip } : {}),
    });
  });
}
