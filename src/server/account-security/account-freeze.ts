// Freezing and unfreezing an account (decision 039). The owner freezes it with the "This wasn't me"
// link of any security alert, with no sign-in (whoever holds the password may have changed it):
// everyone is signed out, withdrawals stop (nexapay_request_withdrawal refuses a frozen account)
// and a password-reset link goes to the owner's address. Withdrawals already pending stay pending:
// the admins see "Frozen by the customer" beside them and decide. Only an admin unfreezes, after
// speaking with the owner, and never their own account.
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { freezeLinkInvalidMessage, notFrozenMessage } from "#shared/account-security-schemas.ts";
import { errorCodes, messages } from "#shared/api-error.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Db } from "../db/client.ts";
import { accountFreezeLinks, profiles, session, user } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { notifyChange } from "../realtime/notify.ts";
import { freezeTokenHash } from "./security-alerts.ts";

/**
 * Freezes the account a live freeze link belongs to, in one transaction: frozen_at (kept if already
 * set), the link marked used, every session of the owner deleted, and, when this click froze it,
 * the audit entry. A link clicked again answers the same (a second click, a second tab). Answers
 * the owner's address and whether this click froze the account, so that the caller sends the
 * password-reset e-mail once; an unknown or expired token changes nothing and is a 400.
 */
export async function freezeByLink(
  db: Db,
  input: { token: string; ip: string },
): Promise<{ userId: string; email: string; froze: boolean }> {
  const tokenHash = freezeTokenHash(input.token);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ userId: accountFreezeLinks.userId, email: user.email })
      .from(accountFreezeLinks)
      .innerJoin(user, eq(user.id, accountFreezeLinks.userId))
      .where(and(eq(accountFreezeLinks.tokenHash, tokenHash), gt(accountFreezeLinks.expiresAt, sql`now()`)))
      .for("update", { of: accountFreezeLinks });
    if (!link) throw new AppError(400, errorCodes.validation, freezeLinkInvalidMessage, { token: freezeLinkInvalidMessage });
    const froze = await tx
      .update(profiles)
      .set({ frozenAt: sql`now()` })
      .where(and(eq(profiles.id, link.userId), sql`${profiles.frozenAt} is null`))
      .returning({ id: profiles.id });
    await tx
      .update(accountFreezeLinks)
      .set({ usedAt: sql`coalesce(${accountFreezeLinks.usedAt}, now())` })
      .where(eq(accountFreezeLinks.tokenHash, tokenHash));
    // Every session, this browser's included: whoever is signed in may be the one the owner fears.
    await tx.delete(session).where(eq(session.userId, link.userId));
    if (froze.length > 0) {
      await writeAudit(tx, {
        actorId: link.userId,
        action: "user.frozen_by_owner",
        targetType: "user",
        targetId: link.userId,
        ip: input.ip,
      });
      await notifyChange(tx, { table: "profiles", userId: link.userId, id: link.userId });
    }
    return { userId: link.userId, email: link.email, froze: froze.length > 0 };
  });
}

/**
 * An admin unfreezes a frozen account, with a note of why, in one transaction with its audit entry.
 * Never their own (decision 013): 403; an unknown user 404; one not frozen 409.
 */
export async function unfreezeAccount(db: Db, input: { adminId: string; ip?: string; userId: string; note: string }): Promise<void> {
  if (input.userId === input.adminId) throw new AppError(403, errorCodes.forbidden, messages.ownAccount);
  await db.transaction(async (tx) => {
    const [profile] = await tx.select({ frozenAt: profiles.frozenAt }).from(profiles).where(eq(profiles.id, input.userId)).for("update");
    if (!profile) throw new AppError(404, errorCodes.notFound, "User not found");
    const [unfrozen] = await tx
      .update(profiles)
      .set({ frozenAt: null })
      .where(and(eq(profiles.id, input.userId), isNotNull(profiles.frozenAt)))
      .returning({ id: profiles.id });
    if (!unfrozen) throw new AppError(409, errorCodes.conflict, notFrozenMessage);
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "user.unfrozen",
      targetType: "user",
      targetId: input.userId,
      details: { note: input.note, frozenAt: profile.frozenAt?.toISOString() ?? null },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "profiles", userId: input.userId, id: input.userId });
  });
}
