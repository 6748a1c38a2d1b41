// What admins change on users' accounts: access (suspend, activate) and profiles. Each change and
// its audit entry commit together: every admin action is in audit_log.
// Segregation of duties (decision 013): no admin decides on their own account; another admin does it
// for them.
import { eq } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { adminRoleOf, type AdminRole } from "../auth/admin-roles.ts";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { notifyChange } from "../realtime/notify.ts";
import { declineRequestsOf } from "../approvals/decline-requests-of.ts";
import { updateProfile, type ProfileChanges } from "./profile.ts";

type Actor = { adminId: string; ip?: string };

/**
 * Suspends or reactivates; suspending ends the user's sessions at once. Neither
 * direction on oneself: the target is the id itself, so it is checked before anything is read.
 */
export async function setSuspended(
  db: Db,
  auth: Auth,
  input: Actor & { actorRole: AdminRole; userId: string; isSuspended: boolean },
): Promise<void> {
  if (input.userId === input.adminId) throw new AppError(403, errorCodes.forbidden, messages.ownAccount);
  // An admin cannot lock out the people who manage admins.
  if (input.actorRole !== "super_admin" && (await adminRoleOf(db, input.userId)) === "super_admin") {
    throw new AppError(403, errorCodes.forbidden, "Only a super admin can suspend or activate a super admin.");
  }
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ isSuspended: input.isSuspended })
      .where(eq(profiles.id, input.userId))
      .returning({ id: profiles.id });
    if (!updated) throw new AppError(404, errorCodes.notFound, "User not found");
    await writeAudit(tx, {
      actorId: input.adminId,
      action: input.isSuspended ? "user.suspended" : "user.activated",
      targetType: "user",
      targetId: input.userId,
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "profiles", userId: input.userId, id: input.userId });
    // A suspended admin's requests still awaiting a second admin are declined with it (decision
    // 040): nobody confirms the word of someone the company no longer trusts.
    if (input.isSuspended) await declineRequestsOf(tx, { requesterId: input.userId, adminId: input.adminId, ip: input.ip });
  });
  if (input.isSuspended) {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteUserSessions(input.userId);
  }
}

/**
 * An admin edits other people's profiles here; their own goes through PATCH /api/me like anyone's,
 * so that no "profile updated by an admin" entry is ever the admin's word about themselves.
 */
export async function updateUserProfileAsAdmin(db: Db, input: Actor & { userId: string; changes: ProfileChanges }): Promise<void> {
  const [exists] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.userId));
  if (!exists) throw new AppError(404, errorCodes.notFound, "User not found");
  if (input.userId === input.adminId) throw new AppError(403, errorCodes.forbidden, messages.ownAccount);
  await db.transaction(async (tx) => {
    await updateProfile(tx, input.userId, input.changes);
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "user.profile_updated",
      targetType: "user",
      targetId: input.userId,
      details: { fields: Object.keys(input.changes) },
      ...(input.ip ? { ip: input.ip } : {}),
    });
  });
}
