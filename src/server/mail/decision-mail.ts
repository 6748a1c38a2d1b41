// Queues the customer's e-mail of an admin's decision on a verification or a SIM, in the caller's
// transaction, which is the decision's own (the transactional outbox, decision 020). The messages
// are written by the database (migration 0011), like those of deposits and withdrawals, which the
// money functions queue themselves: one place for every decision's wording, and the customer's
// preference is read in the same transaction. Nothing is sent here: outbox-sender.ts does that.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export async function queueVerificationMail(tx: Db, verificationId: string): Promise<void> {
  await tx.execute(sql`select nexapay_queue_verification_mail(${verificationId})`);
}

export async function queueSimMail(tx: Db, simId: string): Promise<void> {
  await tx.execute(sql`select nexapay_queue_sim_mail(${simId})`);
}
