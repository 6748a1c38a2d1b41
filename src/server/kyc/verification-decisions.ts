// An admin's decision on an identity verification: approve or reject (with a reason the customer
// sees). The change, its audit entry and the customer's e-mail (queued in the outbox, decision 020)
// commit together: every admin action is in audit_log.
// Segregation of duties (decision 013): no admin decides on their own account; another admin does it
// for them. Nobody approves a request whose chosen document still misses a side (docs/product.md,
// Back office › Verifications): the customer was told it is not reviewed until every side is in.
import { and, eq, ne } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { sidesOf, type DocumentSide, type DocumentType } from "#shared/verification-schemas.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Db } from "../db/client.ts";
import { verificationDocuments, verifications } from "../db/schema.ts";
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
    if (input.status === "approved") await refuseIncomplete(tx, input);
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

/**
 * A 409 when the request to approve misses a side of its chosen document. The row is locked first,
 * as an upload locks it, so the document type and its sides cannot change between this check and
 * the approval. An unknown, own or already approved request passes: the update then says which.
 */
async function refuseIncomplete(tx: Db, input: Actor & { verificationId: string }): Promise<void> {
  const [row] = await tx
    .select({ userId: verifications.userId, documentType: verifications.documentType, status: verifications.status })
    .from(verifications)
    .where(eq(verifications.id, input.verificationId))
    .for("update");
  if (!row || row.userId === input.adminId || row.status === "approved") return;
  const uploaded = await tx
    .select({ side: verificationDocuments.side })
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.userId, row.userId), eq(verificationDocuments.documentType, row.documentType)));
  const missing = sidesOf(row.documentType).filter((side) => !uploaded.some((document) => document.side === side));
  if (missing.length > 0) throw new AppError(409, errorCodes.conflict, incompleteMessage(row.documentType, missing));
}

const documentNames: Record<DocumentType, string> = {
  national_id: "National ID",
  driving_license: "Driving License",
  passport: "passport",
};

/** 'This request is incomplete: the back side of the National ID is missing. It can be approved once every side is in.' */
export function incompleteMessage(documentType: DocumentType, missing: readonly DocumentSide[]): string {
  const what =
    missing.length === 1
      ? `the ${missing[0]} side of the ${documentNames[documentType]} is missing`
      : `the ${missing.join(" and ")} sides of the ${documentNames[documentType]} are missing`;
  return `This request is incomplete: ${what}. It can be approved once every side is in.`;
}
