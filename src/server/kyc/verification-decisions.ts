// An admin's decision on an identity verification: approve or reject (with a reason the customer
// sees). The change, its audit entry and the customer's e-mail (queued in the outbox, decision 020)
// commit together: every admin action is in audit_log.
// Segregation of duties (decision 013): no admin decides on their own account; another admin does it
// for them.
import { and, eq, ne } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Db } from "../db/client.ts";
import { verifications } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { queueVerificationMail } from "../mail/decision-mail.ts";
import { notifyChange } from "../realtime/notify.ts";

type Actor = { adminId: string; ip?: string };

/**
 * Approved may be set on any non-approved request, rejected on any non-rejected one. The
 * conditional update makes a repeated decision a 409 rather than a silent second audit entry. The
 * admin's own verification is excluded in the same update, and is a 403 whatever its status.
 */
export async function decideVerification(
  db: Db,
  input: Actor & { verificationId: string } & ({ status: "approved"; reason?: undefined } | { status: "rejected"; reason: string }),
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const rejectReason = input.status === "rejected" ? input.reason : null;
    const [updated] = await tx
      .update(verifications)
      .set({ status: input.status, reviewedBy: input.adminId, reviewedAt: now, updatedAt: now, rejectReason })
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
      if (existing.userId === input.adminId) throw new AppError(403, errorCodes.forbidden, messages.ownAccount);
      throw new AppError(409, errorCodes.conflict, `This verification is already ${input.status}.`);
    }
    await writeAudit(tx, {
      actorId: input.adminId,
      action: input.status === "approved" ? "verification.approved" : "verification.rejected",
      targetType: "verification",
      targetId: updated.id,
      details: { userId: updated.userId, documentType: updated.documentType, ...(rejectReason === null ? {} : { reason: rejectReason }) },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await queueVerificationMail(tx, updated.id);
    await notifyChange(tx, { table: "verifications", userId: updated.userId, id: updated.id });
  });
}
