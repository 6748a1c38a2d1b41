// What admins change, other than money (which goes through wallet/ledger.ts). Each change and its
// audit entry commit together: every admin action is in audit_log.
import assert from "node:assert/strict";
import { and, eq, ne } from "drizzle-orm";
import { errorCodes, messages } from "../../shared/api-error.ts";
import { simMessages } from "../../shared/sim-schemas.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { adminRoleOf, type AdminRole } from "../auth/accounts.ts";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { profiles, sims, twoFactor, user, verifications } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { updateProfile, type ProfileChanges } from "../profile/profile.ts";
import { notifyChange } from "../realtime/notify.ts";

type Actor = { adminId: string; ip?: string };

/**
 * Segregation of duties: no admin decides on their own account (their access, profile, SIMs and
 * verification here; their money in wallet/ledger.ts). Another admin does it for them.
 */
function ownAccountError(): AppError {
  return new AppError(403, errorCodes.forbidden, messages.ownAccount);
}

/**
 * Suspends or reactivates; suspending ends the user's sessions at once. Neither
 * direction on oneself: the target is the id itself, so it is checked before anything is read.
 */
export async function setSuspended(
  db: Db,
  auth: Auth,
  input: Actor & { actorRole: AdminRole; userId: string; isSuspended: boolean },
): Promise<void> {
  if (input.userId === input.adminId) throw ownAccountError();
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
  if (input.userId === input.adminId) throw ownAccountError();
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

/**
 * Like a verification: active may be set on any SIM that is not active, rejected on any that is not
 * rejected. The SIM's owner is only known from its row, so "not the admin's own" and "not already
 * that status" are both part of the conditional update itself (no race between a check and the
 * change): a repeated decision, or two admins deciding at once, changes the row and writes an audit
 * entry once; the other is a 409. What changed nothing is then told apart.
 */
export async function setSimStatus(db: Db, input: Actor & { simId: string; status: "active" | "rejected" }): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sims)
      .set({ status: input.status })
      .where(and(eq(sims.id, input.simId), ne(sims.status, input.status), ne(sims.userId, input.adminId)))
      .returning();
    if (!updated) throw await simNotDecidableError(tx, input);
    await writeAudit(tx, {
      actorId: input.adminId,
      action: input.status === "active" ? "sim.approved" : "sim.rejected",
      targetType: "sim",
      targetId: input.simId,
      details: { userId: updated.userId, phoneNumber: updated.phoneNumber },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "sims", userId: updated.userId, id: updated.id });
  });
}

/** Deleting a SIM is deciding on it too: never the admin's own here (the customer route stays open to them). */
export async function deleteSimAsAdmin(db: Db, input: Actor & { simId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(sims)
      .where(and(eq(sims.id, input.simId), ne(sims.userId, input.adminId)))
      .returning();
    if (!deleted) throw await simNotDecidableError(tx, input);
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "sim.deleted",
      targetType: "sim",
      targetId: input.simId,
      details: { userId: deleted.userId, phoneNumber: deleted.phoneNumber, status: deleted.status },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "sims", userId: deleted.userId, id: deleted.id });
  });
}

/**
 * Why a conditional update or delete of a SIM changed nothing: an unknown SIM is a 404; the admin's
 * own is a 403 whatever its status; anyone else's already had the status a decision asked for, a
 * 409 (a delete has no other condition, so it cannot miss a SIM that exists and is not theirs).
 */
async function simNotDecidableError(db: Db, input: { simId: string; adminId: string; status?: "active" | "rejected" }): Promise<AppError> {
  const [existing] = await db.select({ userId: sims.userId }).from(sims).where(eq(sims.id, input.simId));
  if (!existing) return new AppError(404, errorCodes.notFound, simMessages.notFound);
  if (existing.userId === input.adminId) return ownAccountError();
  assert(input.status, "only a decision on a SIM can change nothing on a SIM that exists and is not the admin's own");
  return new AppError(409, errorCodes.conflict, simMessages.alreadyDecided[input.status]);
}

/**
 * Approved may be set on any non-approved request, rejected on any non-rejected one. The
 * conditional update makes a repeated decision a 409 rather than a silent second audit entry. The
 * admin's own verification is excluded in the same update, and is a 403 whatever its status.
 */
export async function decideVerification(
  db: Db,
  input: Actor & { verificationId: string; status: "approved" | "rejected" },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(verifications)
      .set({ status: input.status, reviewedBy: input.adminId, reviewedAt: new Date(), updatedAt: new Date() })
      .where(
        and(eq(verifications.id, input.verificationId), ne(verifications.status, input.status), ne(verifications.userId, input.adminId)),
      )
      .returning();
    if (!updated) {
      const [existing] = await tx
        .select({ userId: verifications.userId })
        .from(verifications)
        .where(eq(verifications.id, input.verificationId));
      if (!existing) throw new AppError(404, errorCodes.notFound, "Verification not found");
      if (existing.userId === input.adminId) throw ownAccountError();
      throw new AppError(409, errorCodes.conflict, `This verification is already ${input.status}.`);
    }
    await writeAudit(tx, {
      actorId: input.adminId,
      action: input.status === "approved" ? "verification.approved" : "verification.rejected",
      targetType: "verification",
      targetId: updated.id,
      details: { userId: updated.userId, documentType: updated.documentType },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "verifications", userId: updated.userId, id: updated.id });
  });
}

/**
 * An admin who lost their authenticator app and their recovery codes is locked out for good; a
 * super admin can reset their second factor. Their sessions end, and their next sign-in takes them
 * to set up a new app. Nobody resets their own: that would undo the second factor.
 */
export async function resetTwoFactor(db: Db, auth: Auth, input: Actor & { userId: string }): Promise<void> {
  if (input.userId === input.adminId) {
    throw new AppError(409, errorCodes.conflict, "You cannot reset your own two-factor sign-in. Use one of your recovery codes.");
  }
  await db.transaction(async (tx) => {
    if ((await adminRoleOf(tx, input.userId)) === null) throw new AppError(404, errorCodes.notFound, "Admin not found");
    const [updated] = await tx
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(and(eq(user.id, input.userId), eq(user.twoFactorEnabled, true)))
      .returning({ id: user.id });
    if (!updated) throw new AppError(409, errorCodes.conflict, "This admin has not set up two-factor sign-in yet.");
    await tx.delete(twoFactor).where(eq(twoFactor.userId, input.userId));
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "admin.two_factor_reset",
      targetType: "user",
      targetId: input.userId,
      ...(input.ip ? { ip: input.ip } : {}),
    });
  });
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(input.userId);
}
