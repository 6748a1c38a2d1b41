// SIMs: a customer registers numbers (pending until an admin decides) and may remove any that is
// not active. Customers only ever see and touch their own rows.
import { and, desc, eq } from "drizzle-orm";
import { errorCodes } from "#shared/api-error.ts";
import { simMessages, type SimDto, type SimOperator } from "#shared/sim-schemas.ts";
import type { Db } from "../db/client.ts";
import { sims } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { notifyChange } from "../realtime/notify.ts";

export type SimRow = typeof sims.$inferSelect;

export function toSimDto(row: SimRow): SimDto {
  return {
    id: row.id,
    userId: row.userId,
    phoneNumber: row.phoneNumber,
    walletType: row.walletType,
    operator: row.operator,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listOwnSims(db: Db, userId: string): Promise<SimRow[]> {
  return db.select().from(sims).where(eq(sims.userId, userId)).orderBy(desc(sims.createdAt)).limit(500);
}

export async function addSim(
  db: Db,
  input: { userId: string; phoneNumber: string; walletType: "Personal" | "Merchant"; operator: SimOperator },
): Promise<SimRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(sims).values(input).onConflictDoNothing().returning();
    if (!created) {
      throw new AppError(409, errorCodes.conflict, simMessages.alreadyRegistered, { phoneNumber: simMessages.alreadyRegistered });
    }
    await notifyChange(tx, { table: "sims", userId: input.userId, id: created.id });
    return created;
  });
}

/** Deletes one of the user's own SIMs; an active SIM stays (docs/product.md, States and transitions). */
export async function removeOwnSim(db: Db, input: { userId: string; simId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [sim] = await tx
      .select()
      .from(sims)
      .where(and(eq(sims.id, input.simId), eq(sims.userId, input.userId)))
      .for("update");
    if (!sim) throw new AppError(404, errorCodes.notFound, simMessages.notFound);
    if (sim.status === "active") throw new AppError(409, errorCodes.conflict, simMessages.activeCannotBeDeleted);
    await tx.delete(sims).where(eq(sims.id, sim.id));
    await notifyChange(tx, { table: "sims", userId: input.userId, id: sim.id });
  });
}
