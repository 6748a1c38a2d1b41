// Account states the wallet tests need that no customer endpoint can produce.
import { eq } from "drizzle-orm";
import { profiles, verifications } from "../../../src/server/db/schema.ts";
import type { TestApp } from "../test-app.ts";

/** Marks the account suspended in the database, as a stale session would find it. */
export async function suspendInDatabase(t: TestApp, userId: string): Promise<void> {
  await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, userId));
}

/**
 * Marks the customer's identity verified (an approved verification), as an admin's approval of
 * their documents leaves it: the identity level a set-up step needs, when the documents are not
 * what the test is about (tests/api/identity/verification.test.ts covers that path).
 */
export async function markIdentityVerified(t: TestApp, userId: string): Promise<void> {
  await t.db
    .insert(verifications)
    .values({ userId, documentType: "national_id", status: "approved", reviewedAt: new Date() })
    .onConflictDoUpdate({ target: verifications.userId, set: { status: "approved", reviewedAt: new Date() } });
}
