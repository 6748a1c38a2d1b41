// Row-change events (docs/architecture.md, Realtime): written with pg_notify inside the same transaction as
// the change, so PostgreSQL delivers them only if it commits, to every server process listening.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export const changesChannel = "nexapay_changes";

export type ChangeTable = "profiles" | "transactions" | "sims" | "verifications" | "second_approvals";
export type ChangeEvent = { table: ChangeTable; userId: string; id: string };

export async function notifyChange(db: Db, event: ChangeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${changesChannel}, ${JSON.stringify(event)})`);
}
