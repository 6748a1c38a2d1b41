// An admin's decisions on SIMs: approve, reject, delete. Each change and its audit entry commit
// together (with the customer's e-mail of an approval or rejection, queued in the outbox): every
// admin action is in audit_log.
// Segregation of duties (decision 013): no admin decides on their own account; another admin does it
// for them.
import assert from "node:assert/strict";
import { and, eq, ne } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { simMessages } from "#shared/sim-schemas.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Db } from "../db/client.ts";
import { sims } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { queueSimMail } from "../mail/decision-mail.ts";
import { notifyChange } from "../realtime/notify.ts";

type Actor = { adminId: string; ip?: string };

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
    await queueSimMail(tx, updated.id);
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
  if (existing.userId === input.adminId) return new AppError(403, errorCodes.forbidden, messages.ownAccount);
  assert(input.status, "only a decision on a SIM can change nothing on a SIM that exists and is not the admin's own");
  return new AppError(409, errorCodes.conflict, simMessages.alreadyDecided[input.status]);
}
