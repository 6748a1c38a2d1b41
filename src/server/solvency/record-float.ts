// An admin records a mobile wallet's float as read in the provider's app (decision 053). The
// reading and its audit entry are one transaction; earlier readings stay as history.
import type { FloatWalletType } from "#shared/solvency-schemas.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Db } from "../db/db-handle.ts";
import { floatReadings } from "../db/schema.ts";

export type FloatReadingInput = { adminId: string; ip: string; walletType: FloatWalletType; amountMinor: bigint; note: string };

export async function recordFloat(db: Db, input: FloatReadingInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [reading] = await tx
      .insert(floatReadings)
      .values({ walletType: input.walletType, amountMinor: input.amountMinor, note: input.note, recordedBy: input.adminId })
      .returning({ id: floatReadings.id });
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "solvency.float_recorded",
      targetType: "float_reading",
      targetId: reading!.id,
      details: { walletType: input.walletType, amountMinor: input.amountMinor.toString(), note: input.note },
      ip: input.ip,
    });
  });
}
