// Queues the customer's e-mail of an admin's decision on a verification or a SIM, in the caller's
// transaction, which is the decision's own (the transactional outbox, decision 020). The messages
// are queued by the database functions (migration 0014), like those of deposits and withdrawals,
// which the money functions queue themselves: a template name and the facts, with the customer's
// preference read in the same transaction. Nothing is composed or sent here: outbox-sender.ts does
// that, with the words of decision-templates.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export async function queueVerificationMail(tx: Db, verificationId: string): Promise<void> {
  await tx.execute(sql`select nexapay_queue_verification_mail(${verificationId})`);
}

export async function queueSimMail(tx: Db, simId: string): Promise<void> {
  await tx.execute(sql`select nexapay_queue_sim_mail(${simId})`);
}
