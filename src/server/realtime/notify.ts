// Row-change events (docs/architecture.md, Realtime): written inside the same transaction as the
// change, so an event exists only if the change commits. nexapay_notify_change keeps it in
// change_events, and the relay (change-relay.ts) sends it as a NOTIFY on `changesChannel` to
// every server process listening (decision 029).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export const changesChannel = "nexapay_changes";

export type ChangeTable = "profiles" | "transactions" | "sims" | "verifications" | "second_approvals";
export type ChangeEvent = { table: ChangeTable; userId: string; id: string };

export async function notifyChange(db: Db, event: ChangeEvent): Promise<void> {
  await db.execute(sql`select nexapay_notify_change(${event.table}, ${event.userId}, ${event.id})`);
}
