// What happens when something about an account's security changes (decision 039): the change starts
// the withdrawal hold (SECURITY_HOLD_HOURS), ends every password-reset link still out, and tells the
// owner by e-mail, with a "This wasn't me" link that freezes the account.
import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles, verification } from "../db/schema.ts";
import { queueSecurityAlert } from "./security-alerts.ts";

export type SecurityChange = "password_changed" | "password_reset" | "two_factor_enabled" | "two_factor_disabled" | "two_factor_reset";

/**
 * Records a security change of `userId`'s account, in one transaction: the hold starts now, the
 * reset links still out die (a link issued before the change must not work after it), and the
 * alert is queued in the outbox, so it exists if and only if the change was recorded.
 */
export async function recordSecurityChange(db: Db, input: { userId: string; change: SecurityChange; ip: string }): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ securityChangedAt: now }).where(eq(profiles.id, input.userId));
    await endResetLinks(tx, input.userId);
    const template = input.change.startsWith("password") ? "security.password_changed" : "security.two_factor_changed";
    await queueSecurityAlert(tx, {
      userId: input.userId,
      template,
      eventKey: `${template}:${input.userId}:${now.getTime()}:${randomBytes(4).toString("hex")}`,
      facts: { change: input.change, at: now.toISOString(), ip: input.ip },
    });
  });
}

/**
 * Ends every password-reset link of a user still out. better-auth keeps each link as a
 * verification row named `reset-password:<token>` whose value is the user's id.
 */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
}

/** When the hold after the last security change ends, or null when there is none now. */
export function holdEndsAt(securityChangedAt: Date | null, holdHours: number, now = new Date()): Date | null {
  if (securityChangedAt === null) return null;
  const ends = new Date(securityChangedAt.getTime() + holdHours * 3_600_000);
  return ends > now ? ends : null;
}
