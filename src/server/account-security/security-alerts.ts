// Security alerts (decision 039): an e-mail to the owner for a sign-in from a new device or network,
// a password change, a second factor turned on or off, and a withdrawal to a number the account has
// never been paid to. Each is queued in the outbox (so it is not lost when SMTP is down) with a
// "This wasn't me" link: a fresh random token, of which the database keeps only the SHA-256
// (nexapay_queue_security_alert, migration 0022). Security mail always goes, whatever the customer
// chose for decision mail.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accountFreezeLinks, type decisionTemplates } from "../db/schema.ts";

export type SecurityTemplate = Extract<(typeof decisionTemplates)[number], `security.${string}`>;

/** A new freeze-link token: 32 random bytes, URL-safe. Never logged. */
export function newFreezeToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Queues one alert and its freeze link, in the caller's transaction when given one. */
export async function queueSecurityAlert(
  db: Db,
  input: { userId: string; template: SecurityTemplate; eventKey: string; facts: Record<string, unknown> },
): Promise<void> {
  await db.execute(
    sql`select nexapay_queue_security_alert(${input.userId}::uuid, ${input.eventKey}, ${input.template}, ${JSON.stringify(input.facts)}::jsonb, ${newFreezeToken()})`,
  );
}

/** How long a "This wasn't me" link works. */
export const freezeLinkLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** The SHA-256 (hex) a freeze link is stored under, as nexapay_queue_security_alert computes it. */
export function freezeTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A freeze link for a message sent outside the outbox (a withdrawal's code): stored, and its token answered. */
export async function createFreezeLink(db: Db, userId: string): Promise<string> {
  const token = newFreezeToken();
  await db
    .insert(accountFreezeLinks)
    .values({ tokenHash: freezeTokenHash(token), userId, expiresAt: new Date(Date.now() + freezeLinkLifetimeMs) });
  return token;
}
