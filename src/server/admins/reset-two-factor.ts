// A super admin resets another admin's second factor. The change and its audit entry commit
// together: every admin action is in audit_log.
import { and, eq } from "drizzle-orm";
import { errorCodes } from "#shared/api-error.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { adminRoleOf } from "../auth/admin-roles.ts";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { twoFactor, user } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

type Actor = { adminId: string; ip?: string };

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
