// Account states the wallet tests need that no customer endpoint can produce.
import { eq } from "drizzle-orm";
import { profiles } from "../../../src/server/db/schema.ts";
import type { TestApp } from "../test-app.ts";

/** Marks the account suspended in the database, as a stale session would find it. */
export async function suspendInDatabase(t: TestApp, userId: string): Promise<void> {
  await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, userId));
}
